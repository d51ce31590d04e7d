import { randomUUID } from 'node:crypto';
import type { CampaignAnalytics, CampaignStep, OverallAnalytics } from '@mailhound/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { campaigns } from '../campaigns/schema.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { customers } from '../contacts/schema.ts';
import {
  campaignContacts,
  campaignSends,
  type SendStatus,
  unsubscribes,
} from '../sender/schema.ts';
import { linkClicks } from '../tracking/schema.ts';

// A realistic month of two campaigns of one user (and one of another user on the same days),
// written straight into the tables the sender, inbox sync and tracking fill. Every expected
// figure below is counted from these rows by hand or by filtering them, never by the SQL.

type CampaignKey = 'A' | 'B' | 'C' | 'X';
type SendRow = {
  campaign: CampaignKey;
  contact: string;
  step: number;
  status: SendStatus;
  scheduledAt: string;
  sendingAt: string | null;
  sentAt: string | null;
};

const may = (day: number, time = '09:00') =>
  `2030-05-${String(day).padStart(2, '0')}T${time}:00.000Z`;
const minutes = (n: number) => `09:${String(n).padStart(2, '0')}`;
const sent = (campaign: CampaignKey, contact: string, step: number, at: string): SendRow => ({
  campaign,
  contact,
  step,
  status: 'sent',
  scheduledAt: at,
  sendingAt: at,
  sentAt: at,
});

const sends: SendRow[] = [];
// Campaign A: 12 contacts start on May 10-13; step 2 three days later, step 3 eight days later.
for (let i = 0; i < 12; i += 1) {
  const contact = `a${i}`;
  const first = may(10 + (i % 4), minutes(i));
  if (i === 5) {
    // Refused at SMTP time: never sent_at.
    sends.push({ ...sent('A', contact, 0, first), status: 'bounced', sentAt: null });
  } else if (i === 6) {
    // Sent, then a bounce report came back: sent_at kept.
    sends.push({ ...sent('A', contact, 0, first), status: 'bounced' });
  } else {
    sends.push(sent('A', contact, 0, first));
  }
  if (i < 8 && i !== 5 && i !== 6) {
    const second = may(13 + (i % 4), minutes(i));
    if (i === 7) sends.push({ ...sent('A', contact, 1, second), status: 'failed', sentAt: null });
    else if (i === 2) {
      sends.push({ ...sent('A', contact, 1, second), status: 'unknown', sentAt: null });
    } else sends.push(sent('A', contact, 1, second));
  }
  if (i === 0 || i === 1 || i === 3)
    sends.push(sent('A', contact, 2, may(18 + (i % 4), minutes(i))));
}
sends.push(
  // The first and the last instants of the default range, and the last one before it.
  sent('A', 'a12', 0, '2030-04-21T00:00:00.000Z'),
  sent('A', 'a13', 0, '2030-04-20T23:59:59.999Z'),
  sent('A', 'a14', 0, '2030-05-20T23:59:59.999Z'),
  // Refused before it was even marked sending: only scheduled_at tells the day.
  {
    ...sent('A', 'a15', 0, '2030-05-02T10:00:00.000Z'),
    status: 'bounced',
    sendingAt: null,
    sentAt: null,
  },
  sent('A', 'a16', 0, may(12)),
  // Planned, not sent: never counted.
  { ...sent('A', 'a17', 0, may(14)), status: 'queued', sendingAt: null, sentAt: null },
);
// Campaign B: 8 contacts on May 15-16, step 2 for half of them on May 17-18.
for (let i = 0; i < 8; i += 1) {
  const first = may(15 + (i % 2), minutes(i));
  sends.push(
    i === 7
      ? { ...sent('B', `b${i}`, 0, first), status: 'bounced', sentAt: null }
      : sent('B', `b${i}`, 0, first),
  );
  if (i < 4) sends.push(sent('B', `b${i}`, 1, may(17 + (i % 2), minutes(i))));
}
// Another user's campaign, active on the same days.
for (let i = 0; i < 6; i += 1) sends.push(sent('X', `x${i}`, 0, may(10 + i)));

const replies: { campaign: CampaignKey; contact: string; at: string }[] = [
  { campaign: 'A', contact: 'a0', at: may(15, '12:00') }, // after steps 1 and 2, before step 3
  { campaign: 'A', contact: 'a1', at: may(12, '08:00') }, // after step 1
  { campaign: 'A', contact: 'a4', at: may(10, '20:00') }, // after step 1
  { campaign: 'A', contact: 'a9', at: '2030-04-01T10:00:00.000Z' }, // before the range
  { campaign: 'A', contact: 'a12', at: '2030-04-21T00:00:00.000Z' }, // the send's very instant
  { campaign: 'A', contact: 'a16', at: may(11) }, // before any send went out: the first step
  { campaign: 'B', contact: 'b0', at: may(16, '10:00') },
  { campaign: 'B', contact: 'b3', at: may(19) },
  { campaign: 'X', contact: 'x0', at: may(12) },
];

type Unsubscribe = {
  campaign: CampaignKey;
  contact: string;
  step: number;
  source: 'survey' | 'one-click' | 'complaint';
  at: string;
};
const unsubscribeRows: Unsubscribe[] = [
  // The survey and the one-click of one contact: one unsubscribed contact, on the first day.
  { campaign: 'A', contact: 'a10', step: 0, source: 'survey', at: may(14, '10:00') },
  { campaign: 'A', contact: 'a10', step: 0, source: 'one-click', at: may(16) },
  { campaign: 'A', contact: 'a11', step: 0, source: 'one-click', at: may(17) },
  { campaign: 'A', contact: 'a1', step: 1, source: 'one-click', at: may(20, '23:00') },
  { campaign: 'B', contact: 'b5', step: 0, source: 'one-click', at: may(18) },
  { campaign: 'X', contact: 'x1', step: 0, source: 'one-click', at: may(13) },
  // Spam complaints (a feedback report read by the Unibox), each about a send: counted with the
  // send, on the day it went out (a10's on May 12, b5's on May 16), and not unsubscribed again.
  { campaign: 'A', contact: 'a10', step: 0, source: 'complaint', at: may(18) },
  { campaign: 'B', contact: 'b5', step: 0, source: 'complaint', at: may(19) },
];
const complainedAbout = (send: SendRow) =>
  unsubscribeRows.some(
    (row) =>
      row.source === 'complaint' &&
      row.campaign === send.campaign &&
      row.contact === send.contact &&
      row.step === send.step,
  );

type Click = { campaign: CampaignKey; contact: string; step: number; url: string; at: string };
const clicks: Click[] = [
  // Two links of one e-mail: one clicked send, on the day of the first click.
  { campaign: 'A', contact: 'a0', step: 0, url: 'https://a.test/1', at: may(10, '10:00') },
  { campaign: 'A', contact: 'a0', step: 0, url: 'https://a.test/2', at: may(11) },
  { campaign: 'A', contact: 'a0', step: 1, url: 'https://a.test/1', at: may(14) },
  { campaign: 'A', contact: 'a3', step: 0, url: 'https://a.test/1', at: may(13, '18:00') },
  // Sent the evening before the range, clicked inside it.
  {
    campaign: 'A',
    contact: 'a13',
    step: 0,
    url: 'https://a.test/1',
    at: '2030-04-21T08:00:00.000Z',
  },
  { campaign: 'A', contact: 'a8', step: 0, url: 'https://a.test/1', at: may(21) },
  { campaign: 'B', contact: 'b1', step: 0, url: 'https://b.test/1', at: may(16) },
  { campaign: 'X', contact: 'x0', step: 0, url: 'https://x.test/1', at: may(11) },
];

const stepsOf = (subjects: string[]): CampaignStep[] =>
  subjects.map((subject) => ({ subject, body: '<p>Hi</p>', email_gap: 2 }));

let t: TestContext;
let call: MailCall;
let otherCall: MailCall;
const ids = {} as Record<CampaignKey, string>;

async function seed(owner: Record<CampaignKey, string>) {
  const campaignRows = [
    { key: 'A', name: 'Spring outreach', status: 'active', created: '2030-03-01' },
    { key: 'B', name: 'Founders', status: 'paused', created: '2030-04-01' },
    { key: 'C', name: 'Not started', status: 'paused', created: '2030-05-01' },
    { key: 'X', name: 'Someone else', status: 'active', created: '2030-03-15' },
  ] as const;
  const subjects: Record<CampaignKey, string[]> = {
    A: ['Hello {{first_name}}', 'Following up', 'Last note'],
    B: ['Quick question', 'Any thoughts?'],
    C: ['Hi'],
    X: ['Other'],
  };
  for (const row of campaignRows) {
    ids[row.key] = randomUUID();
    await t.db.insert(campaigns).values({
      id: ids[row.key],
      userId: owner[row.key],
      name: row.name,
      status: row.status,
      steps: stepsOf(subjects[row.key]),
      createdAt: new Date(`${row.created}T12:00:00Z`),
    });
  }
  const contactKeys = [...new Set(sends.map((send) => `${send.campaign}:${send.contact}`))];
  const contactIds = new Map<string, string>();
  for (const key of contactKeys) {
    const [campaign, contact] = key.split(':') as [CampaignKey, string];
    const id = randomUUID();
    contactIds.set(key, id);
    await t.db.insert(customers).values({
      id,
      userId: owner[campaign],
      email: `${contact}@lead.test`,
      fname: contact,
      lname: 'Lead',
    });
  }
  const sendIds = new Map<string, string>();
  await t.db.insert(campaignSends).values(
    sends.map((send) => {
      const id = randomUUID();
      sendIds.set(`${send.campaign}:${send.contact}:${send.step}`, id);
      return {
        id,
        userId: owner[send.campaign],
        campaignId: ids[send.campaign],
        customerId: contactIds.get(`${send.campaign}:${send.contact}`) ?? '',
        step: send.step,
        messageId: `<${id}@mailhound.test>`,
        status: send.status,
        scheduledAt: new Date(send.scheduledAt),
        sendingAt: send.sendingAt ? new Date(send.sendingAt) : null,
        sentAt: send.sentAt ? new Date(send.sentAt) : null,
      };
    }),
  );
  await t.db.insert(campaignContacts).values(
    contactKeys.map((key) => {
      const [campaign, contact] = key.split(':') as [CampaignKey, string];
      const reply = replies.find((row) => row.campaign === campaign && row.contact === contact);
      const steps = sends.filter((send) => send.campaign === campaign && send.contact === contact);
      return {
        campaignId: ids[campaign],
        customerId: contactIds.get(key) ?? '',
        userId: owner[campaign],
        lastStep: Math.max(...steps.map((send) => send.step)),
        state: reply ? ('stopped' as const) : ('ready' as const),
        repliedAt: reply ? new Date(reply.at) : null,
      };
    }),
  );
  await t.db.insert(unsubscribes).values(
    unsubscribeRows.map((row) => ({
      userId: owner[row.campaign],
      customerId: contactIds.get(`${row.campaign}:${row.contact}`) ?? '',
      campaignId: ids[row.campaign],
      sendId: sendIds.get(`${row.campaign}:${row.contact}:${row.step}`) ?? null,
      source: row.source,
      createdAt: new Date(row.at),
    })),
  );
  await t.db.insert(linkClicks).values(
    clicks.map((row) => ({
      userId: owner[row.campaign],
      sendId: sendIds.get(`${row.campaign}:${row.contact}:${row.step}`) ?? '',
      url: row.url,
      clickedAt: new Date(row.at),
    })),
  );
}

beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(new Date('2030-05-20T15:00:00Z'));
  const user = await mailUser(t);
  const other = await mailUser(t);
  call = user.call;
  otherCall = other.call;
  await seed({ A: user.id, B: user.id, C: user.id, X: other.id });
});

afterAll(async () => {
  await t?.close();
});

async function overall(query = '', as: MailCall = call) {
  const response = await as('GET', `/analytics${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OverallAnalytics;
}

async function ofCampaign(key: CampaignKey, query = '') {
  const response = await call('GET', `/campaigns/${ids[key]}/analytics${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CampaignAnalytics;
}

// The rows of one UTC day (YYYY-MM-DD), counted straight from the fixtures.
function countedOn(day: string, of: CampaignKey[]) {
  const on = (at: string) => at.slice(0, 10) === day;
  const counted = sends.filter(
    (send) =>
      of.includes(send.campaign) &&
      (send.status === 'sent' || send.status === 'bounced') &&
      on(send.sentAt ?? send.sendingAt ?? send.scheduledAt),
  );
  const firstOf = <T extends { at: string }>(rows: T[], key: (row: T) => string) => {
    const first = new Map<string, string>();
    for (const row of rows) {
      const current = first.get(key(row));
      if (current === undefined || row.at < current) first.set(key(row), row.at);
    }
    return [...first.values()];
  };
  const bounced = counted.filter((send) => send.status === 'bounced').length;
  return {
    date: day,
    sent: counted.length,
    delivered: counted.length - bounced,
    bounced,
    contacted: new Set(counted.map((send) => `${send.campaign}:${send.contact}`)).size,
    replied: replies.filter((row) => of.includes(row.campaign) && on(row.at)).length,
    unsubscribed: firstOf(
      unsubscribeRows.filter((row) => of.includes(row.campaign)),
      (row) => `${row.campaign}:${row.contact}`,
    ).filter(on).length,
    clicked: firstOf(
      clicks.filter((row) => of.includes(row.campaign)),
      (row) => `${row.campaign}:${row.contact}:${row.step}`,
    ).filter(on).length,
    complained: counted.filter(complainedAbout).length,
  };
}

function daysFrom(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const day = new Date(`${from}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + index);
    return day.toISOString().slice(0, 10);
  });
}

const zero = {
  sent: 0,
  delivered: 0,
  bounced: 0,
  contacted: 0,
  replied: 0,
  unsubscribed: 0,
  clicked: 0,
  complained: 0,
};
const zeroRates = { delivery: 0, bounce: 0, reply: 0, unsubscribe: 0, click: 0, complaint: 0 };

describe('overall analytics', () => {
  it('counts the last 30 days up to today (UTC) by default', async () => {
    const answer = await overall();
    expect(answer.from).toBe('2030-04-21');
    expect(answer.to).toBe('2030-05-20');
    // A: 16 first e-mails (a0-a11, a12, a14, a15, a16; a13 went out before the range),
    // 4 second ones (a2's is unknown, a7's failed), 2 third ones (a3's goes out on May 21).
    // B: 8 + 4. Bounced: a5, a6, a15, b7.
    expect(answer.totals).toEqual({
      sent: 34,
      delivered: 30,
      bounced: 4,
      contacted: 24,
      replied: 7,
      unsubscribed: 4,
      clicked: 5,
      complained: 2,
    });
    expect(answer.rates.delivery).toBeCloseTo(30 / 34);
    expect(answer.rates.bounce).toBeCloseTo(4 / 34);
    expect(answer.rates.reply).toBeCloseTo(7 / 24);
    expect(answer.rates.unsubscribe).toBeCloseTo(4 / 24);
    expect(answer.rates.click).toBeCloseTo(5 / 30);
    expect(answer.rates.complaint).toBeCloseTo(2 / 34);
  });

  it('has one entry per day, zero-filled, each equal to the rows of that day', async () => {
    const answer = await overall();
    const days = daysFrom('2030-04-21', 30);
    expect(answer.per_day.map((day) => day.date)).toEqual(days);
    for (const day of days) {
      expect(answer.per_day.find((entry) => entry.date === day)).toEqual(
        countedOn(day, ['A', 'B', 'C']),
      );
    }
    expect(answer.per_day.find((day) => day.date === '2030-05-01')).toEqual({
      date: '2030-05-01',
      ...zero,
    });
    // May 10: a0, a4, a8 sent; a4 replied; a0's first e-mail clicked.
    expect(answer.per_day.find((day) => day.date === '2030-05-10')).toEqual({
      date: '2030-05-10',
      sent: 3,
      delivered: 3,
      bounced: 0,
      contacted: 3,
      replied: 1,
      unsubscribed: 0,
      clicked: 1,
      complained: 0,
    });
    // a10's complaint of May 18 counts with its e-mail of May 12.
    expect(answer.per_day.find((day) => day.date === '2030-05-12')?.complained).toBe(1);
    expect(answer.per_day.find((day) => day.date === '2030-05-18')?.complained).toBe(0);
    const figures = [
      'sent',
      'bounced',
      'replied',
      'unsubscribed',
      'clicked',
      'complained',
    ] as const;
    for (const figure of figures) {
      const sum = answer.per_day.reduce((total, day) => total + day[figure], 0);
      expect(sum, figure).toBe(answer.totals[figure]);
    }
  });

  it('lists every campaign of the user, newest first, with its own figures', async () => {
    const answer = await overall();
    expect(answer.per_campaign).toEqual([
      { id: ids.C, name: 'Not started', status: 'paused', ...zero },
      {
        id: ids.B,
        name: 'Founders',
        status: 'paused',
        sent: 12,
        delivered: 11,
        bounced: 1,
        contacted: 8,
        replied: 2,
        unsubscribed: 1,
        clicked: 1,
        complained: 1,
      },
      {
        id: ids.A,
        name: 'Spring outreach',
        status: 'active',
        sent: 22,
        delivered: 19,
        bounced: 3,
        contacted: 16,
        replied: 5,
        unsubscribed: 3,
        clicked: 4,
        complained: 1,
      },
    ]);
  });

  it('includes both edge days and nothing outside them', async () => {
    const first = await overall('?from=2030-04-21&to=2030-04-21');
    // a12 sent and replied at 00:00:00.000; a13's e-mail of the evening before was clicked.
    expect(first.totals).toEqual({
      sent: 1,
      delivered: 1,
      bounced: 0,
      contacted: 1,
      replied: 1,
      unsubscribed: 0,
      clicked: 1,
      complained: 0,
    });
    const before = await overall('?from=2030-04-20&to=2030-04-20');
    expect(before.totals).toEqual({ ...zero, sent: 1, delivered: 1, contacted: 1 });
    const last = await overall('?from=2030-05-20&to=2030-05-20');
    // a14 at 23:59:59.999, a1's unsubscribe at 23:00.
    expect(last.totals).toEqual({ ...zero, sent: 1, delivered: 1, contacted: 1, unsubscribed: 1 });
    const after = await overall('?from=2030-05-21&to=2030-05-21');
    expect(after.totals).toEqual({ ...zero, sent: 1, delivered: 1, contacted: 1, clicked: 1 });
    // The day of a send refused before sending is its scheduled day.
    const refused = await overall('?from=2030-05-02&to=2030-05-02');
    expect(refused.totals).toEqual({ ...zero, sent: 1, bounced: 1, contacted: 1 });
    expect(refused.rates).toEqual({ ...zeroRates, bounce: 1 });
  });

  it('answers zeros and zero rates when nothing was sent', async () => {
    const answer = await overall('?from=2029-01-01&to=2029-01-31');
    expect(answer.totals).toEqual(zero);
    expect(answer.rates).toEqual(zeroRates);
    expect(answer.per_day).toHaveLength(31);
    expect(answer.per_day.every((day) => day.sent === 0)).toBe(true);
    expect(answer.per_campaign.map((row) => row.sent)).toEqual([0, 0, 0]);
  });

  it('narrows to one campaign', async () => {
    const answer = await overall(`?campaign_id=${ids.B}`);
    expect(answer.per_campaign.map((row) => row.id)).toEqual([ids.B]);
    expect(answer.totals).toEqual({
      sent: 12,
      delivered: 11,
      bounced: 1,
      contacted: 8,
      replied: 2,
      unsubscribed: 1,
      clicked: 1,
      complained: 1,
    });
    for (const day of answer.per_day) expect(day).toEqual(countedOn(day.date, ['B']));
  });

  it("never shows another user's rows", async () => {
    const mine = await overall('?from=2030-05-10&to=2030-05-15');
    for (const day of mine.per_day) expect(day).toEqual(countedOn(day.date, ['A', 'B', 'C']));
    const theirs = await overall('?from=2030-05-10&to=2030-05-15', otherCall);
    expect(theirs.per_campaign.map((row) => row.id)).toEqual([ids.X]);
    expect(theirs.totals).toEqual({
      sent: 6,
      delivered: 6,
      bounced: 0,
      contacted: 6,
      replied: 1,
      unsubscribed: 1,
      clicked: 1,
      complained: 0,
    });
    const asked = await call('GET', `/analytics?campaign_id=${ids.X}`);
    expect(asked.statusCode).toBe(404);
    expect(asked.json()).toMatchObject({ message: 'Campaign not found' });
    expect((await call('GET', '/analytics?campaign_id=not-an-id')).statusCode).toBe(404);
  });
});

describe('campaign analytics', () => {
  it('counts one campaign per step: a reply for the last e-mail sent before it', async () => {
    const answer = await ofCampaign('A');
    expect(answer.campaign).toEqual({ id: ids.A, name: 'Spring outreach', status: 'active' });
    expect(answer.totals).toEqual({
      sent: 22,
      delivered: 19,
      bounced: 3,
      contacted: 16,
      replied: 5,
      unsubscribed: 3,
      clicked: 4,
      complained: 1,
    });
    expect(answer.per_step).toEqual([
      {
        step: 1,
        subject: 'Hello {{first_name}}',
        // a1, a4 and a12 answered the first e-mail, a16 before it went out.
        sent: 16,
        delivered: 13,
        bounced: 3,
        contacted: 16,
        replied: 4,
        unsubscribed: 2,
        clicked: 3,
        complained: 1,
      },
      {
        step: 2,
        subject: 'Following up',
        // a0 answered after the second e-mail, before the third.
        sent: 4,
        delivered: 4,
        bounced: 0,
        contacted: 4,
        replied: 1,
        unsubscribed: 1,
        clicked: 1,
        complained: 0,
      },
      { step: 3, subject: 'Last note', ...zero, sent: 2, delivered: 2, contacted: 2 },
    ]);
    expect(answer.rates.reply).toBeCloseTo(5 / 16);
    expect(answer.rates.complaint).toBeCloseTo(1 / 22);
    expect(answer.per_day).toHaveLength(30);
    for (const day of answer.per_day) expect(day).toEqual(countedOn(day.date, ['A']));
  });

  it('lists every step of a campaign that sent nothing', async () => {
    const answer = await ofCampaign('B', '?from=2030-01-01&to=2030-01-02');
    expect(answer.per_step).toEqual([
      { step: 1, subject: 'Quick question', ...zero },
      { step: 2, subject: 'Any thoughts?', ...zero },
    ]);
    expect(answer.per_day.map((day) => day.date)).toEqual(['2030-01-01', '2030-01-02']);
  });

  it("answers 404 for another user's campaign", async () => {
    const response = await call('GET', `/campaigns/${ids.X}/analytics`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Campaign not found' });
  });
});

describe('range checks', () => {
  it.each([
    ['?from=2030-05-02&to=2030-05-01', 'The start date must not be after the end date.'],
    ['?from=2029-05-19&to=2030-05-20', 'The date range must not be longer than 366 days.'],
    ['?from=2030-5-1', 'Use the YYYY-MM-DD format.'],
    ['?to=2030-02-30', 'Use the YYYY-MM-DD format.'],
  ])('refuses %s with 400', async (query, message) => {
    for (const url of ['/analytics', `/campaigns/${ids.A}/analytics`]) {
      const response = await call('GET', `${url}${query}`);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
  });

  it('takes 366 days, and a missing start 30 days before the end', async () => {
    const year = await overall('?from=2029-05-20&to=2030-05-20');
    expect(year.per_day).toHaveLength(366);
    const month = await overall('?to=2030-05-10');
    expect(month.from).toBe('2030-04-11');
    expect(month.per_day).toHaveLength(30);
  });
});

// A campaign whose first step has three A/B variants (issue 25), its rows written straight into
// the tables the sender and the inbox sync fill: each contact's sends with the variant it got.
type VariantLead = {
  variant: number;
  status: SendStatus;
  followUp?: boolean;
  // The day in May 2030 of the first real reply.
  repliedOn?: number;
  // A spam complaint about the first e-mail.
  complained?: boolean;
};
const variantLeads: VariantLead[] = [
  { variant: 0, status: 'sent', followUp: true, repliedOn: 14 },
  { variant: 0, status: 'sent' },
  { variant: 0, status: 'bounced' },
  { variant: 0, status: 'sent', repliedOn: 11 },
  { variant: 1, status: 'sent', repliedOn: 11 },
  { variant: 1, status: 'sent', followUp: true, complained: true },
  { variant: 1, status: 'sent', repliedOn: 12 },
  { variant: 2, status: 'bounced' },
  { variant: 2, status: 'sent' },
  // Sent and not yet answered by the server: not counted.
  { variant: 2, status: 'queued' },
];

let variantsAnswer: CampaignAnalytics;

async function seedVariants() {
  const { id: userId, call: variantsCall } = await mailUser(t);
  const campaignId = randomUUID();
  await t.db.insert(campaigns).values({
    id: campaignId,
    userId,
    name: 'A/B',
    status: 'active',
    steps: [
      {
        subject: 'Quick question',
        body: '<p>A</p>',
        variants: [
          { subject: 'A thought', body: '<p>B</p>' },
          { subject: 'Hello {{first_name}}', body: '<p>C</p>' },
        ],
        email_gap: 0,
      },
      { subject: 'Following up', body: '<p>Again</p>', email_gap: 2 },
    ],
  });
  for (const [index, lead] of variantLeads.entries()) {
    const customerId = randomUUID();
    await t.db.insert(customers).values({
      id: customerId,
      userId,
      email: `lead${index}@variants.test`,
      fname: `Lead${index}`,
      lname: 'Test',
    });
    const at = new Date(`2030-05-10T09:${String(index).padStart(2, '0')}:00Z`);
    const row = { userId, campaignId, customerId, scheduledAt: at, sendingAt: at };
    const sendId = randomUUID();
    await t.db.insert(campaignSends).values({
      ...row,
      id: sendId,
      step: 0,
      variant: lead.variant,
      messageId: `<${randomUUID()}@variants.test>`,
      status: lead.status,
      sentAt: lead.status === 'queued' ? null : at,
    });
    if (lead.complained) {
      await t.db.insert(unsubscribes).values({
        userId,
        customerId,
        campaignId,
        sendId,
        source: 'complaint',
        createdAt: new Date('2030-05-15T12:00:00Z'),
      });
    }
    if (lead.followUp) {
      const later = new Date(`2030-05-13T09:${String(index).padStart(2, '0')}:00Z`);
      await t.db.insert(campaignSends).values({
        ...row,
        step: 1,
        messageId: `<${randomUUID()}@variants.test>`,
        status: 'sent',
        scheduledAt: later,
        sendingAt: later,
        sentAt: later,
      });
    }
    await t.db.insert(campaignContacts).values({
      campaignId,
      customerId,
      userId,
      lastStep: lead.followUp ? 1 : 0,
      state: lead.repliedOn ? 'stopped' : 'ready',
      repliedAt: lead.repliedOn ? new Date(`2030-05-${lead.repliedOn}T12:00:00Z`) : null,
    });
  }
  const response = await variantsCall('GET', `/campaigns/${campaignId}/analytics`);
  expect(response.statusCode, response.body).toBe(200);
  variantsAnswer = response.json();
}

describe('campaign analytics per A/B variant (issue 25)', () => {
  beforeAll(seedVariants);

  it('counts sends, replies, bounces and complaints of each variant of a step, for the variant each contact got', () => {
    const [first] = variantsAnswer.per_step;
    expect(first).toMatchObject({
      step: 1,
      subject: 'Quick question',
      sent: 9,
      bounced: 2,
      complained: 1,
    });
    expect(first?.variants).toEqual([
      {
        variant: 'A',
        subject: 'Quick question',
        ...zero,
        sent: 4,
        delivered: 3,
        bounced: 1,
        contacted: 4,
        // The reply after the follow-up counts for the follow-up.
        replied: 1,
      },
      {
        variant: 'B',
        subject: 'A thought',
        ...zero,
        sent: 3,
        delivered: 3,
        contacted: 3,
        replied: 2,
        // Its complaint also unsubscribed the contact, for the step it was about.
        unsubscribed: 1,
        complained: 1,
      },
      {
        variant: 'C',
        subject: 'Hello {{first_name}}',
        ...zero,
        sent: 2,
        delivered: 1,
        bounced: 1,
        contacted: 2,
      },
    ]);
    // The variants add up to their step.
    for (const figure of ['sent', 'bounced', 'replied', 'complained'] as const) {
      expect(first?.variants?.reduce((sum, variant) => sum + variant[figure], 0)).toBe(
        first?.[figure],
      );
    }
  });

  it('gives a step with a single subject and body no variants', () => {
    expect(variantsAnswer.per_step[1]).toEqual({
      step: 2,
      subject: 'Following up',
      ...zero,
      sent: 2,
      delivered: 2,
      contacted: 2,
      replied: 1,
    });
  });
});
