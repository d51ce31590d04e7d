import type { CampaignAnswer } from '@mailhound/contracts';
import type { FakeRequest, FakeServer } from '../../test/fake-server.ts';
import { logIn } from '../../test/session-fixtures.ts';

// Test support: a mail-section user and campaign answers as campaign-schemas.ts reads them
// (api-spec §7 "Campaigns and mail"), with a detail the fake server keeps and updates on PATCH.

export function logInWithMail(server: FakeServer) {
  return logIn(server, { user: { properties: { sections: ['mail'] } } });
}

export function makeCampaign(overrides: Partial<CampaignAnswer> = {}): CampaignAnswer {
  return {
    id: 'camp-1',
    name: 'Spring launch',
    status: 'paused',
    paused_reason: null,
    customer_group_id: null,
    customer_group_name: null,
    schedules: [],
    steps: [],
    mailbox_ids: [],
    settings: {
      stop_after_reply: false,
      track_email: false,
      link_tracking: false,
      send_as_text: false,
      emails_limit: 0,
      min_email_gap: 0,
      max_email_gap: 0,
      max_new_leads: 0,
      new_leads_first: false,
      bounce_threshold: 5,
      include_risky: false,
      complaint_threshold: 0.3,
    },
    ready: false,
    missing: ['contacts', 'schedule', 'sequences', 'mailbox'],
    ended: false,
    nothing_left: false,
    created: '2026-03-07T23:30:00.000Z',
    stats: { sent: 0, replied: 0, bounced: 0, unsubscribed: 0 },
    ...overrides,
  };
}

export function campaignPage(campaigns: CampaignAnswer[], page = 1, total = campaigns.length) {
  return { campaigns, page, pages: Math.ceil(total / 10), per_page: 10, total_count: total };
}

// GET answers the kept campaign; PATCH merges the body into it (settings under `settings`,
// mailbox_ids beside them), as the server would answer.
export function serveCampaign(server: FakeServer, initial: CampaignAnswer) {
  let campaign = initial;
  const path = `/api/mail/campaigns/${initial.id}`;
  server.on(`GET ${path}`, () => ({ body: campaign }));
  server.on(`PATCH ${path}`, (request: FakeRequest) => {
    campaign = { ...campaign, ...(request.body as Partial<CampaignAnswer>) };
    return { body: campaign };
  });
  server.on(`PATCH ${path}/settings`, (request: FakeRequest) => {
    const { mailbox_ids, ...settings } = request.body as CampaignAnswer['settings'] & {
      mailbox_ids: string[];
    };
    campaign = { ...campaign, mailbox_ids, settings };
    return { body: campaign };
  });
  return { current: () => campaign };
}

export function makeMailbox(index: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `mb-${index}`,
    status: 'active',
    status_message: null,
    email: `sender${index}@acme.com`,
    name: `Sender ${index}`,
    description: '',
    smtp_host: 'smtp.acme.com',
    smtp_port: 587,
    imap_host: 'imap.acme.com',
    imap_port: 993,
    emails_limit: 30,
    min_email_gap: 60,
    max_email_gap: 120,
    created: '2026-01-01T00:00:00.000Z',
    health: null,
    ramp_started: null,
    sending_paused_reason: null,
    ...overrides,
  };
}

export function mailboxPage(mailboxes: ReturnType<typeof makeMailbox>[]) {
  return { mailboxes, page: 1, pages: 1, per_page: 100, total_count: mailboxes.length };
}
