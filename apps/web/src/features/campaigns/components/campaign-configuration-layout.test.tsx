import { type CampaignAnswer, campaignMessages } from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logInWithMail, makeCampaign, serveCampaign } from '../campaigns.test-kit.ts';

const lists = {
  groups: [
    {
      id: 'list-1',
      name: 'Founders',
      campaign_id: null,
      campaign_name: null,
      customer_count: 12,
      created: '2026-01-01T00:00:00.000Z',
    },
    {
      id: 'list-2',
      name: 'Agencies',
      campaign_id: null,
      campaign_name: null,
      customer_count: 3,
      created: '2026-01-02T00:00:00.000Z',
    },
    {
      id: 'list-3',
      name: 'Demo prospects',
      campaign_id: 'camp-9',
      campaign_name: 'Demo outreach',
      customer_count: 5,
      created: '2026-01-03T00:00:00.000Z',
    },
  ],
  page: 1,
  pages: 1,
  per_page: 10,
  total_count: 3,
};

function openConfiguration(campaign: CampaignAnswer, path = '') {
  const server = createFakeServer({
    'GET /api/mail/groups/list': { body: lists },
    'GET /api/mail/mailboxes/list': {
      body: { mailboxes: [], page: 1, pages: 0, per_page: 100, total_count: 0 },
    },
  });
  logInWithMail(server);
  const kept = serveCampaign(server, campaign);
  const app = renderApp(`/campaigns/campaign-configuration/${campaign.id}${path}`);
  return { server, kept, ...app };
}

const ready = makeCampaign({
  customer_group_id: 'list-1',
  customer_group_name: 'Founders',
  ready: true,
  missing: [],
});

describe('campaign configuration', () => {
  it('opens on the contacts step, with tabs for every step', async () => {
    const { user, location } = openConfiguration(makeCampaign());
    await waitFor(() =>
      expect(location()).toBe('/campaigns/campaign-configuration/camp-1/contacts'),
    );
    const tabs = await screen.findByRole('tablist', { name: 'Campaign configuration' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Contacts', 'Schedule', 'Sequences', 'Analytics', 'Settings']);
    expect(screen.getByRole('tab', { name: 'Contacts' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Analytics' }));
    await waitFor(() =>
      expect(location()).toBe('/campaigns/campaign-configuration/camp-1/analytics'),
    );
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
  });

  it('while not ready: Start is disabled and what is missing links to its step', async () => {
    const { user, location } = openConfiguration(makeCampaign());
    expect(await screen.findByRole('button', { name: 'Start' })).toBeDisabled();
    const missing = screen.getByRole('list', { name: 'Missing before start' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'a contact list',
      'a schedule',
      'at least one sequence step',
      'at least one active mailbox in Accounts to Use',
    ]);
    await user.click(within(missing).getByRole('link', { name: 'a schedule' }));
    await waitFor(() =>
      expect(location()).toBe('/campaigns/campaign-configuration/camp-1/schedule'),
    );
  });

  it('says when every mailbox of the campaign has its sending paused', async () => {
    openConfiguration(
      makeCampaign({ status: 'active', ready: false, missing: ['mailbox_paused'] }),
    );
    const missing = await screen.findByRole('list', { name: 'Missing before start' });
    expect(within(missing).getByRole('listitem')).toHaveTextContent(
      'a mailbox whose sending is not paused: protection paused every one in Accounts to Use (resume one on the Sender List)',
    );
    // The way on is where Resume sending is, not the campaign's own settings.
    expect(within(missing).getByRole('link')).toHaveAttribute('href', '/sender-list');
  });

  it('starts a ready campaign and pauses it again', async () => {
    const { server, user } = openConfiguration(ready);
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Start' })).toBeEnabled();
    expect(
      server.requestsTo('PATCH /api/mail/campaigns/camp-1').map((request) => request.body),
    ).toEqual([{ status: 'active' }, { status: 'paused' }]);
  });

  it('shows the server’s refusal when the campaign cannot start', async () => {
    const { server, user } = openConfiguration(ready);
    server.on(
      'PATCH /api/mail/campaigns/camp-1',
      errorBody(400, 'The campaign is not ready to start'),
    );
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('The campaign is not ready to start')).toBeInTheDocument();
  });

  it('says when an active campaign has nobody left to e-mail', async () => {
    openConfiguration({ ...ready, status: 'active', nothing_left: true });
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Nothing left to send: every contact has had every step, replied, unsubscribed, bounced',
    );
  });

  it('says nothing of the kind while contacts are left', async () => {
    openConfiguration({ ...ready, status: 'active' });
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.queryByText(campaignMessages.nothingLeft)).toBeNull();
  });

  it('an ended campaign cannot be started again', async () => {
    openConfiguration({ ...ready, ended: true });
    expect(await screen.findByRole('button', { name: 'Start' })).toBeDisabled();
    expect(screen.getByText('Ended')).toBeInTheDocument();
  });

  it('contacts step: picks an existing list for the campaign', async () => {
    const { server, user } = openConfiguration(makeCampaign());
    // The contacts feature's lists sit below the picker, with its create button.
    expect(await screen.findByRole('table', { name: 'Contact lists' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Contacts List' })).toHaveAttribute(
      'href',
      '/campaigns/campaign-configuration/camp-1/contacts/name',
    );
    await user.click(screen.getByRole('combobox', { name: 'Send this campaign to' }));
    // jsdom has no layout, so the dropdown counts as detached from its field and stays hidden.
    await user.click(await screen.findByRole('option', { name: 'Agencies', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Use this list' }));
    await waitFor(() =>
      expect(server.requestsTo('PATCH /api/mail/campaigns/camp-1')[0]?.body).toEqual({
        customer_group_id: 'list-2',
      }),
    );
  });

  it('contacts step: a list another campaign uses shows that campaign and cannot be picked', async () => {
    const { server, user } = openConfiguration(makeCampaign());
    await user.click(await screen.findByRole('combobox', { name: 'Send this campaign to' }));
    const taken = await screen.findByRole('option', {
      name: 'Demo prospects (Used by "Demo outreach")',
      hidden: true,
    });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Founders', hidden: true })).not.toHaveAttribute(
      'aria-disabled',
    );
    await user.click(taken);
    expect(screen.getByRole('button', { name: 'Use this list' })).toBeDisabled();
    expect(server.requestsTo('PATCH /api/mail/campaigns/camp-1')).toEqual([]);
  });

  it('contacts step: the campaign’s own list stays choosable', async () => {
    const { user } = openConfiguration(
      makeCampaign({
        id: 'camp-9',
        name: 'Demo outreach',
        customer_group_id: 'list-3',
        customer_group_name: 'Demo prospects',
      }),
    );
    await user.click(await screen.findByRole('combobox', { name: 'Send this campaign to' }));
    const own = await screen.findByRole('option', { name: 'Demo prospects', hidden: true });
    expect(own).not.toHaveAttribute('aria-disabled');
  });

  it('contacts step: says which campaign holds a list the server refuses', async () => {
    const { server, user } = openConfiguration(makeCampaign());
    // Taken by another campaign after this screen loaded its lists.
    server.on(
      'PATCH /api/mail/campaigns/camp-1',
      errorBody(409, campaignMessages.listInUse('Demo outreach')),
    );
    await user.click(await screen.findByRole('combobox', { name: 'Send this campaign to' }));
    await user.click(await screen.findByRole('option', { name: 'Agencies', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Use this list' }));
    expect(
      await screen.findByText('This contact list is already used by the campaign "Demo outreach".'),
    ).toBeInTheDocument();
  });

  it('another user’s campaign (404) opens the Not Found page', async () => {
    const server = createFakeServer({});
    logInWithMail(server);
    const { location } = renderApp('/campaigns/campaign-configuration/nope/schedule');
    await waitFor(() => expect(location()).toBe('/404'));
  });
});
