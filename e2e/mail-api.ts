import { expect } from 'vitest';

// The mail API with a signed-in user's token, as the browser tests set up what a user does on
// other screens.
export type MailApi = (method: string, path: string, body?: unknown) => Promise<Response>;

export function mailApi(baseUrl: string, token: string): MailApi {
  return (method, path, body) =>
    fetch(`${baseUrl}/api/mail${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

export async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text) as T;
}

export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`gave up waiting for ${what}`);
}

type Lead = { email: string; fname: string; lname: string };

// A sender mailbox on the loopback servers, sending with a gap of a second at most and no
// ramp-up, and a list of the leads, as the Sender List and the contacts screens make them.
export async function addMailboxAndList(
  api: MailApi,
  setup: {
    sender: { user: string; password: string };
    smtpPort: number;
    imapPort: number;
    listName: string;
    leads: Lead[];
  },
): Promise<{ mailboxId: string; groupId: string }> {
  const mailbox = await json<{ id: string; status: string }>(
    await api('POST', '/mailboxes', {
      email: setup.sender.user,
      name: 'Sales',
      description: '',
      password: setup.sender.password,
      smtp_host: '127.0.0.1',
      smtp_port: setup.smtpPort,
      imap_host: '127.0.0.1',
      imap_port: setup.imapPort,
    }),
  );
  expect(mailbox.status).toBe('active');
  await json(
    await api('PATCH', `/mailboxes/${mailbox.id}/settings`, {
      emails_limit: 50,
      min_email_gap: 0,
      max_email_gap: 1,
      ramp_up: false,
    }),
  );
  const created = await api('POST', '/customers/create-or-update', { customers: setup.leads });
  const operation = /"EOF":\s*true,\s*"id":\s*"([^"]+)"/.exec(await created.text())?.[1];
  const contacts = await json<{ data: { id: string }[] }>(
    await api('GET', `/customers/create-or-update/${operation}`),
  );
  const group = await json<{ id: string }>(
    await api('POST', '/groups', {
      name: setup.listName,
      customer_ids: contacts.data.map((row) => row.id),
    }),
  );
  return { mailboxId: mailbox.id, groupId: group.id };
}

// A campaign's settings sending from the mailbox with a gap of a second at most, and its
// schedule open all day, every day from today.
export async function configureCampaign(
  api: MailApi,
  campaignId: string,
  setup: { mailboxId: string; groupId: string },
): Promise<void> {
  await json(
    await api('PATCH', `/campaigns/${campaignId}/settings`, {
      mailbox_ids: [setup.mailboxId],
      stop_after_reply: true,
      track_email: false,
      link_tracking: false,
      send_as_text: false,
      emails_limit: 0,
      min_email_gap: 0,
      max_email_gap: 1,
      max_new_leads: 0,
      new_leads_first: false,
    }),
  );
  await json(
    await api('PATCH', `/campaigns/${campaignId}`, {
      customer_group_id: setup.groupId,
      schedules: [
        {
          name: 'Always',
          timezone: 'UTC',
          start_time: '00:00',
          end_time: '23:59',
          start_date: new Date().toISOString().slice(0, 10),
          end_date: null,
          days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
        },
      ],
    }),
  );
}

// A campaign sending one step ('Hello {{first_name}}') to the list from the mailbox, set up as
// configureCampaign does, and started; its id.
export async function startOneStepCampaign(
  api: MailApi,
  name: string,
  setup: { mailboxId: string; groupId: string },
): Promise<string> {
  const campaign = await json<{ id: string }>(await api('POST', '/campaigns', { name }));
  await configureCampaign(api, campaign.id, setup);
  await json(
    await api('PATCH', `/campaigns/${campaign.id}`, {
      steps: [{ subject: 'Hello {{first_name}}', body: '<p>Hi {{first_name}}</p>', email_gap: 0 }],
      status: 'active',
    }),
  );
  return campaign.id;
}
