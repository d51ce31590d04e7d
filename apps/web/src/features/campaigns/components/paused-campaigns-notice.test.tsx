import { bounceMessages } from '@mailhound/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { serveUnibox } from '../../unibox/unibox.test-kit.ts';
import {
  campaignPage,
  logInWithMail,
  mailboxPage,
  makeCampaign,
  makeMailbox,
  serveCampaign,
} from '../campaigns.test-kit.ts';

// Bounce protection (issue 25): a campaign that paused itself says why on its header, in the
// campaign list and in the Unibox.
const reason = bounceMessages.campaignPaused(3, 20, 10);
const pausedCampaign = makeCampaign({
  id: 'camp-9',
  name: 'Bought list',
  status: 'paused',
  paused_reason: reason,
});

describe('a campaign paused for bounces', () => {
  it('shows the reason above the Unibox, with a link to the campaign', async () => {
    const server = createFakeServer();
    logInWithMail(server);
    serveUnibox(server, []);
    server.on('GET /api/mail/campaigns/list', {
      body: campaignPage([makeCampaign({ name: 'Quiet one' }), pausedCampaign]),
    });
    renderApp('/unibox');
    const notice = await screen.findByRole('status', { name: /Bought list is paused/ });
    expect(within(notice).getByText(reason)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Open the campaign' })).toHaveAttribute(
      'href',
      '/campaigns/campaign-configuration/camp-9',
    );
    expect(screen.queryByText(/Quiet one is paused/)).not.toBeInTheDocument();
  });

  it('names a mailbox whose sending is paused above the Unibox, with a link to it', async () => {
    const server = createFakeServer();
    logInWithMail(server);
    serveUnibox(server, []);
    const stopped = bounceMessages.mailboxPaused(3, 21, 10);
    server.on('GET /api/mail/mailboxes/list', {
      body: mailboxPage([
        makeMailbox(2, { email: 'fine@acme.com' }),
        makeMailbox(3, { email: 'stopped@acme.com', sending_paused_reason: stopped }),
      ]),
    });
    renderApp('/unibox');
    const notice = await screen.findByRole('status', {
      name: /stopped@acme.com has its sending paused/,
    });
    expect(within(notice).getByText(stopped)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Open the mailbox' })).toHaveAttribute(
      'href',
      '/sender-list?mailbox=mb-3',
    );
    expect(screen.queryByText(/fine@acme.com has/)).not.toBeInTheDocument();
  });

  it('shows the reason in the campaign list and on the campaign header', async () => {
    const server = createFakeServer();
    logInWithMail(server);
    server.on('GET /api/mail/campaigns/list', { body: campaignPage([pausedCampaign]) });
    serveCampaign(server, pausedCampaign);
    const { user } = renderApp('/campaigns');
    const row = (await screen.findByRole('link', { name: 'Bought list' })).closest('tr');
    expect(within(row as HTMLElement).getByText(reason)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Bought list' }));
    const header = await screen.findByRole('status', { name: /Paused to protect your mailboxes/ });
    expect(within(header).getByText(reason)).toBeInTheDocument();
  });
});
