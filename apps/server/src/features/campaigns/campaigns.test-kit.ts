import { randomUUID } from 'node:crypto';
import type { Schedule } from '@mailhound/contracts';
import { expect } from 'vitest';
import type { TestContext } from '../../test/test-context.ts';
import type { MailCall } from '../contacts/contacts.test-kit.ts';
import { mailboxes } from '../mailboxes/schema.ts';

export type MailboxSetup = {
  email?: string;
  password?: string;
  smtpPort?: number;
  imapPort?: number;
  status?: 'active' | 'error';
  emailsLimit?: number;
  minEmailGap?: number;
  maxEmailGap?: number;
};

// A mailbox row as the mailboxes feature stores it (checked logins are that feature's tests).
export async function insertMailbox(
  t: TestContext,
  userId: string,
  setup: MailboxSetup = {},
): Promise<string> {
  const id = randomUUID();
  await t.db.insert(mailboxes).values({
    id,
    userId,
    status: setup.status ?? 'active',
    statusMessage: null,
    email: setup.email ?? `sender-${id.slice(0, 8)}@example.com`,
    name: 'Sender',
    description: '',
    passwordEncrypted: t.mailConnections.box.seal(setup.password ?? 'secret', id),
    smtpHost: '127.0.0.1',
    smtpPort: setup.smtpPort ?? 2525,
    imapHost: '127.0.0.1',
    imapPort: setup.imapPort ?? 1143,
    emailsLimit: setup.emailsLimit ?? 30,
    minEmailGap: setup.minEmailGap ?? 300,
    maxEmailGap: setup.maxEmailGap ?? 600,
  });
  return id;
}

// A contact list of new contacts, through the contacts API.
export async function createList(call: MailCall, name: string, emails: string[]) {
  const created = await call('POST', '/customers/create-or-update', {
    customers: emails.map((email, index) => ({ email, fname: `First${index}`, lname: 'Last' })),
  });
  const operation = /"EOF":true,"id":"([^"]+)"/.exec(created.body)?.[1];
  const result = await call('GET', `/customers/create-or-update/${operation}`);
  const ids = (result.json() as { data: { id: string }[] }).data.map((row) => row.id);
  const group = await call('POST', '/groups', { name, customer_ids: ids });
  expect(group.statusCode, group.body).toBe(201);
  return { groupId: (group.json() as { id: string }).id, customerIds: ids };
}

export const weekdaySchedule: Schedule = {
  name: 'Office hours',
  timezone: 'Europe/Berlin',
  start_time: '09:00',
  end_time: '17:00',
  start_date: '2030-01-01',
  end_date: null,
  days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
};

// Open every day, all day: the sender's tests decide the time by their own clock.
export const allDaySchedule: Schedule = {
  name: 'Always',
  timezone: 'UTC',
  start_time: '00:00',
  end_time: '23:59',
  start_date: '2024-01-01',
  end_date: null,
  days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
};

export const firstStep = {
  subject: 'Hello {{first_name}}',
  body: '<p>Hi {{first_name}}, a short note. <a href="https://example.com/offer">Offer</a></p><p>{{unsubscribe_link}}</p>',
  email_gap: 0,
};

export const settingsWith = (mailboxIds: string[]) => ({
  mailbox_ids: mailboxIds,
  stop_after_reply: true,
  track_email: false,
  link_tracking: true,
  send_as_text: false,
  emails_limit: 0,
  min_email_gap: 60,
  max_email_gap: 120,
  max_new_leads: 0,
  new_leads_first: false,
});

// A campaign sending `steps` to a list from the mailboxes, always open, with gaps of a
// second so that the sender's tests decide the pace; started (active).
export async function startCampaign(
  call: MailCall,
  setup: {
    name: string;
    mailboxIds: string[];
    groupId: string;
    steps?: unknown[];
    // Campaign settings beside the kit's (bounce_threshold, …).
    settings?: object;
  },
): Promise<string> {
  const created = await call('POST', '/campaigns', { name: setup.name, status: 'paused' });
  const campaignId: string = created.json().id;
  await call('PATCH', `/campaigns/${campaignId}/settings`, {
    ...settingsWith(setup.mailboxIds),
    min_email_gap: 0,
    max_email_gap: 1,
    ...setup.settings,
  });
  const started = await call('PATCH', `/campaigns/${campaignId}`, {
    customer_group_id: setup.groupId,
    schedules: [allDaySchedule],
    steps: setup.steps ?? [firstStep],
    status: 'active',
  });
  expect(started.statusCode, started.body).toBe(200);
  return campaignId;
}
