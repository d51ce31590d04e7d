import {
  bounceMessages,
  type CampaignAnswer,
  campaignMessages,
  complaintMessages,
} from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { findTooltip } from '../../../test/tooltip.ts';
import {
  logInWithMail,
  mailboxPage,
  makeCampaign,
  makeMailbox,
  serveCampaign,
} from '../campaigns.test-kit.ts';

function openSettings(campaign: CampaignAnswer = makeCampaign()) {
  const server = createFakeServer({
    'GET /api/mail/mailboxes/list': {
      body: mailboxPage([
        makeMailbox(1),
        makeMailbox(2, { status: 'error' }),
        makeMailbox(3, {
          sending_paused_reason: 'Sending paused: 6 of its last 100 e-mails bounced.',
        }),
      ]),
    },
  });
  logInWithMail(server);
  serveCampaign(server, campaign);
  const app = renderApp('/campaigns/campaign-configuration/camp-1/settings');
  return { server, ...app };
}

const section = (title: string) => within(screen.getByRole('region', { name: title }));
const numberField = (label: string) => screen.getByRole('textbox', { name: new RegExp(label) });
const settingsPatches = (server: ReturnType<typeof openSettings>['server']) =>
  server.requestsTo('PATCH /api/mail/campaigns/camp-1/settings').map((request) => request.body);

// Picks a mailbox in Accounts to Use (jsdom has no layout, so the dropdown counts as hidden).
async function pickAccount(user: ReturnType<typeof openSettings>['user'], label: RegExp) {
  await user.click(screen.getByRole('combobox', { name: /Accounts/ }));
  await user.click(await screen.findByRole('option', { name: label, hidden: true }));
}

function scrolledElements() {
  const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
  return () => scroll.mock.contexts.map((element) => (element as HTMLElement).id);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('campaign settings screen (product-spec §2)', () => {
  it('has the spec’s sections word for word ("Sending pattern"), in order, and a Save button', async () => {
    openSettings();
    await screen.findByRole('form', { name: 'Campaign settings' });
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'Accounts to Use',
      'Stop Sending Emails on Reply',
      'Open Tracking',
      'Delivery Optimization (Recommended)',
      'Daily Limit',
      'Sending pattern',
      // Ours, after the spec's (issue 25).
      'Bounce protection',
      'Complaint protection',
    ]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('asks the first 100 mailboxes and lists them, marking a failed connection and paused sending', async () => {
    const { server, user } = openSettings();
    await screen.findByRole('combobox', { name: /Accounts/ });
    const query = server.requestsTo('GET /api/mail/mailboxes/list')[0]?.query;
    expect(query?.get('page')).toBe('1');
    expect(query?.get('count')).toBe('100');
    await user.click(screen.getByRole('combobox', { name: /Accounts/ }));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual([
      'Sender 1 <sender1@acme.com>',
      'Sender 2 <sender2@acme.com> (connection error)',
      'Sender 3 <sender3@acme.com> (sending paused)',
    ]);
  });

  it('explains in a tooltip that at least 1 account is needed', async () => {
    const { user } = openSettings();
    await screen.findByRole('combobox', { name: /Accounts/ });
    await user.hover(
      section('Accounts to Use').getByLabelText(
        'At least 1 account is needed to send this campaign.',
      ),
    );
    expect(await findTooltip()).toHaveTextContent(
      'At least 1 account is needed to send this campaign.',
    );
  });

  it('Open Tracking: opens switch disabled with its tooltip; link tracking switchable', async () => {
    const { user } = openSettings();
    const opens = await screen.findByRole('switch', { name: 'Track email opens' });
    expect(opens).toBeDisabled();
    await user.hover(screen.getByTestId('open-tracking'));
    expect(await findTooltip()).toHaveTextContent(
      "This feature will be available later. We're working on it!",
    );
    const links = screen.getByRole('switch', { name: 'Track link clicks' });
    expect(links).toBeEnabled();
    await user.click(links);
    expect(links).toBeChecked();
  });

  it('send as text-only turns both tracking switches off and disables link tracking', async () => {
    const { server, user } = openSettings(
      makeCampaign({
        mailbox_ids: ['mb-1'],
        settings: { ...makeCampaign().settings, track_email: true, link_tracking: true },
      }),
    );
    const links = await screen.findByRole('switch', { name: 'Track link clicks' });
    expect(links).toBeChecked();
    await user.click(screen.getByRole('switch', { name: /Send emails as text-only/ }));
    expect(links).not.toBeChecked();
    expect(links).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Track email opens' })).not.toBeChecked();
    await user.clear(numberField('Max gap'));
    await user.type(numberField('Max gap'), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(settingsPatches(server)).toHaveLength(1));
    expect(settingsPatches(server)[0]).toMatchObject({
      send_as_text: true,
      track_email: false,
      link_tracking: false,
    });
  });

  it('says what 0 means under each daily limit that defaults to it', async () => {
    openSettings();
    await screen.findByRole('textbox', { name: /Emails per day per account/ });
    expect(numberField('Emails per day')).toHaveAccessibleDescription(
      "0 uses each mailbox's own limit",
    );
    expect(numberField('Max new leads')).toHaveAccessibleDescription('0 means no daily cap');
  });

  it('numbers default to 0, keep at most 4 digits and drop leading zeros', async () => {
    const { user } = openSettings();
    const limit = await screen.findByRole('textbox', { name: /Emails per day per account/ });
    for (const label of ['Emails per day', 'Min gap', 'Max gap', 'Max new leads']) {
      expect(numberField(label)).toHaveValue('0');
    }
    const leads = numberField('Max new leads');
    await user.clear(leads);
    await user.type(leads, '0012345x');
    expect(leads).toHaveValue('1234');
    await user.clear(limit);
    await user.type(limit, '007');
    expect(limit).toHaveValue('7');
  });

  it("saves a new campaign's defaults once a mailbox is picked (gaps 0: the mailbox's apply)", async () => {
    const { server, user } = openSettings();
    await screen.findByRole('combobox', { name: /Accounts/ });
    await pickAccount(user, /sender1@acme\.com/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(settingsPatches(server)).toEqual([
        expect.objectContaining({ mailbox_ids: ['mb-1'], min_email_gap: 0, max_email_gap: 0 }),
      ]),
    );
    expect(screen.queryByText('Max must be higher than Min')).toBeNull();
  });

  it('saves every field, numbers as numbers, then scrolls to the campaign header', async () => {
    const { server, user } = openSettings();
    const scrolled = scrolledElements();
    await screen.findByRole('combobox', { name: /Accounts/ });
    await pickAccount(user, /sender1@acme\.com/);
    await user.click(screen.getByRole('switch', { name: /Stop sending/ }));
    await user.click(screen.getByRole('switch', { name: 'Track link clicks' }));
    await user.clear(numberField('Emails per day'));
    await user.type(numberField('Emails per day'), '25');
    await user.clear(numberField('Min gap'));
    await user.type(numberField('Min gap'), '60');
    await user.clear(numberField('Max gap'));
    await user.type(numberField('Max gap'), '180');
    await user.clear(numberField('Max new leads'));
    await user.type(numberField('Max new leads'), '40');
    await user.click(screen.getByRole('switch', { name: /Prioritize new leads/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(settingsPatches(server)).toEqual([
        {
          mailbox_ids: ['mb-1'],
          stop_after_reply: true,
          track_email: false,
          link_tracking: true,
          send_as_text: false,
          emails_limit: 25,
          min_email_gap: 60,
          max_email_gap: 180,
          max_new_leads: 40,
          new_leads_first: true,
          bounce_threshold: 5,
          include_risky: false,
          complaint_threshold: 0.3,
        },
      ]),
    );
    await waitFor(() => expect(scrolled()).toContain('campaign-header'));
  });

  it('checks the numbers as they are typed, before the field is left', async () => {
    const { user } = openSettings();
    const limit = await screen.findByRole('textbox', { name: /Emails per day per account/ });
    await user.clear(limit);
    await user.type(limit, '51');
    expect(limit).toHaveFocus();
    expect(await screen.findByText('The number of emails cannot be more than 50')).toBeVisible();
    await user.clear(numberField('Min gap'));
    await user.type(numberField('Min gap'), '60');
    const max = numberField('Max gap');
    await user.clear(max);
    await user.type(max, '30');
    expect(max).toHaveFocus();
    expect(await screen.findByText('Max must be higher than Min')).toBeVisible();
  });

  it('sets the bounce rate above which the campaign pauses itself, 1 to 100 % (issue 25)', async () => {
    const { server, user } = openSettings(makeCampaign({ mailbox_ids: ['mb-1'] }));
    const threshold = await screen.findByRole('textbox', { name: /Pause above this bounce rate/ });
    expect(threshold).toHaveValue('5');
    await user.clear(threshold);
    expect(await screen.findByText(bounceMessages.thresholdRange)).toBeVisible();
    await user.type(threshold, '101');
    expect(await screen.findByText(bounceMessages.thresholdRange)).toBeVisible();
    await user.clear(threshold);
    await user.type(threshold, '8');
    await waitFor(() =>
      expect(screen.queryByText(bounceMessages.thresholdRange)).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(settingsPatches(server).at(-1)).toMatchObject({ bounce_threshold: 8 }),
    );
  });

  it('sets the spam complaint rate above which the campaign pauses itself, 0 to 5 % in tenths', async () => {
    const { server, user } = openSettings(makeCampaign({ mailbox_ids: ['mb-1'] }));
    const threshold = await screen.findByRole('textbox', {
      name: /Pause above this spam complaint rate/,
    });
    expect(section('Complaint protection').getByRole('textbox')).toBe(threshold);
    expect(threshold).toHaveValue('0.3');
    await user.clear(threshold);
    expect(await screen.findByText(complaintMessages.thresholdRange)).toBeVisible();
    await user.type(threshold, '5.1');
    expect(await screen.findByText(complaintMessages.thresholdRange)).toBeVisible();
    await user.clear(threshold);
    await user.type(threshold, '0.25');
    expect(await screen.findByText(complaintMessages.thresholdRange)).toBeVisible();
    await user.clear(threshold);
    // Only digits and one point are taken.
    await user.type(threshold, '0,.1.%');
    expect(threshold).toHaveValue('0.1');
    await waitFor(() =>
      expect(screen.queryByText(complaintMessages.thresholdRange)).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(settingsPatches(server).at(-1)).toMatchObject({ complaint_threshold: 0.1 }),
    );
  });

  it("ticks 'Include risky addresses', off by default, and saves it (issue 25)", async () => {
    const { server, user } = openSettings(makeCampaign({ mailbox_ids: ['mb-1'] }));
    const risky = await screen.findByRole('checkbox', { name: 'Include risky addresses' });
    expect(section('Bounce protection').getByRole('checkbox')).toBe(risky);
    expect(risky).not.toBeChecked();
    expect(section('Bounce protection').getByText(/accept-all or unknown/)).toBeVisible();
    await user.click(risky);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(settingsPatches(server).at(-1)).toMatchObject({ include_risky: true }),
    );
  });

  it('Accounts to Use left empty says "Select at least one mailbox" as the field is left', async () => {
    const { user } = openSettings();
    await user.click(await screen.findByRole('combobox', { name: /Accounts/ }));
    await user.tab();
    expect(await screen.findByText('Select at least one mailbox')).toBeVisible();
  });

  it('on a failed check after submit: the messages, and a scroll to the first error', async () => {
    const { server, user } = openSettings();
    const scrolled = scrolledElements();
    await screen.findByRole('combobox', { name: /Accounts/ });
    await user.clear(numberField('Emails per day'));
    await user.type(numberField('Emails per day'), '51');
    await user.clear(numberField('Min gap'));
    await user.type(numberField('Min gap'), '60');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Select at least one mailbox')).toBeInTheDocument();
    expect(screen.getByText('The number of emails cannot be more than 50')).toBeInTheDocument();
    expect(screen.getByText('Max must be higher than Min')).toBeInTheDocument();
    expect(scrolled()).toEqual(['campaign-settings-mailbox_ids']);
    expect(settingsPatches(server)).toEqual([]);
  });

  it('scrolls to the first failing number when the accounts are fine', async () => {
    const { user } = openSettings(makeCampaign({ mailbox_ids: ['mb-1'] }));
    const scrolled = scrolledElements();
    await screen.findByRole('combobox', { name: /Accounts/ });
    await user.clear(numberField('Min gap'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(scrolled()).toEqual(['campaign-settings-min_email_gap']);
  });

  it('says "Something went wrong, please try again later." when the save fails', async () => {
    const { server, user } = openSettings(
      makeCampaign({
        mailbox_ids: ['mb-1'],
        settings: { ...makeCampaign().settings, max_email_gap: 10 },
      }),
    );
    server.on('PATCH /api/mail/campaigns/camp-1/settings', errorBody(500, 'boom'));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(campaignMessages.settingsSaveFailed)).toBeInTheDocument();
  });

  it('a failed mailbox list is ignored: the screen still works', async () => {
    const server = createFakeServer({
      'GET /api/mail/mailboxes/list': errorBody(500, 'down'),
    });
    logInWithMail(server);
    serveCampaign(server, makeCampaign());
    renderApp('/campaigns/campaign-configuration/camp-1/settings');
    expect(await screen.findByRole('combobox', { name: /Accounts/ })).toBeInTheDocument();
    expect(screen.queryByText('down')).toBeNull();
  });
});
