import type { Schedule } from '@mailhound/contracts';
import { describe, expect, it } from 'vitest';
import {
  decideSends,
  type EngineCampaign,
  type EngineContact,
  type EngineMailbox,
  type PlannedSend,
} from './decide-sends.ts';
import { seededRandom } from './seeded-random.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

const weekdays: Schedule['days'] = ['MON', 'TUE', 'WED', 'THU', 'FRI'];
const berlin: Schedule = {
  name: 'Berlin mornings',
  timezone: 'Europe/Berlin',
  start_time: '09:00',
  end_time: '12:00',
  start_date: '2030-01-07',
  end_date: null,
  days: ['MON', 'TUE', 'WED'],
};
// Early in the week Berlin's mornings, late in the week New York's.
const newYork: Schedule = {
  ...berlin,
  name: 'New York mornings',
  timezone: 'America/New_York',
  days: ['THU', 'FRI'],
};

// Checked without the engine's helpers: the weekday and wall-clock time in a timezone.
function wallClock(at: Date, timeZone: string): { day: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: part('weekday'), minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}

function insideMorning(at: Date, timeZone: string, days: string[]): boolean {
  const { day, minutes } = wallClock(at, timeZone);
  return days.includes(day) && minutes >= 9 * 60 && minutes < 12 * 60;
}

type Simulation = {
  sends: PlannedSend[];
  contacts: Map<string, EngineContact>;
};

// Runs the tick every simulated minute; a planned send counts as sent at its time.
function simulate(options: {
  campaign: Omit<EngineCampaign, 'newLeadsToday' | 'sentTodayByMailbox'>;
  mailboxes: Omit<EngineMailbox, 'sentToday' | 'nextSendAt'>[];
  contactIds: string[];
  start: Date;
  days: number;
  // Events the contact causes after a given step reached them.
  after?: Record<string, { step: number; stop: 'replied' | 'unsubscribed' }>;
}): Simulation {
  const contacts = new Map<string, EngineContact>(
    options.contactIds.map((customerId) => [
      customerId,
      {
        campaignId: options.campaign.id,
        customerId,
        lastStep: -1,
        mailboxId: null,
        lastSentAt: null,
        waiting: false,
        stop: null,
      },
    ]),
  );
  const nextSendAt = new Map<string, Date>();
  const sends: PlannedSend[] = [];
  const random = seededRandom(42);
  for (
    let at = options.start.getTime();
    at < options.start.getTime() + options.days * DAY;
    at += MINUTE
  ) {
    const now = new Date(at);
    const recent = sends.filter((send) => send.at.getTime() > at - DAY);
    const sentTodayByMailbox: Record<string, number> = {};
    for (const send of recent) {
      sentTodayByMailbox[send.mailboxId] = (sentTodayByMailbox[send.mailboxId] ?? 0) + 1;
    }
    const decision = decideSends({
      now,
      horizonMs: MINUTE,
      random,
      campaigns: [
        {
          ...options.campaign,
          newLeadsToday: recent.filter((send) => send.step === 0).length,
          sentTodayByMailbox,
        },
      ],
      mailboxes: options.mailboxes.map((mailbox) => ({
        ...mailbox,
        sentToday: sentTodayByMailbox[mailbox.id] ?? 0,
        nextSendAt: nextSendAt.get(mailbox.id) ?? null,
      })),
      contacts: [...contacts.values()],
    });
    for (const [mailboxId, next] of decision.nextSendAt) nextSendAt.set(mailboxId, next);
    for (const send of decision.sends) {
      expect(send.at.getTime()).toBeGreaterThanOrEqual(at);
      expect(send.at.getTime()).toBeLessThan(at + MINUTE);
      sends.push(send);
      const contact = contacts.get(send.customerId);
      if (!contact) throw new Error('unknown contact');
      const event = options.after?.[send.customerId];
      contacts.set(send.customerId, {
        ...contact,
        lastStep: send.step,
        mailboxId: send.mailboxId,
        lastSentAt: send.at,
        stop: event && event.step === send.step ? event.stop : contact.stop,
      });
    }
  }
  return { sends, contacts };
}

const mailboxes = [
  { id: 'mailbox-a', emailsLimit: 5, minEmailGap: 300, maxEmailGap: 600 },
  { id: 'mailbox-b', emailsLimit: 4, minEmailGap: 300, maxEmailGap: 600 },
  { id: 'mailbox-c', emailsLimit: 3, minEmailGap: 300, maxEmailGap: 600 },
];
const limitOf = new Map(mailboxes.map((mailbox) => [mailbox.id, mailbox.emailsLimit]));
const campaign = {
  id: 'campaign-1',
  schedules: [berlin, newYork],
  stepGaps: [0, 2, 3],
  stopAfterReply: true,
  emailsLimit: 0,
  minEmailGap: 60,
  maxEmailGap: 120,
  maxNewLeads: 6,
  newLeadsFirst: false,
  mailboxIds: mailboxes.map((mailbox) => mailbox.id),
};
const contactIds = Array.from({ length: 20 }, (_, index) => `contact-${index}`);

describe('the sending engine on a simulated clock', () => {
  // Monday 2030-01-07, three weeks, one tick a minute.
  const run = simulate({
    campaign,
    mailboxes,
    contactIds,
    start: new Date('2030-01-07T00:00:00Z'),
    days: 21,
    after: {
      'contact-3': { step: 0, stop: 'replied' },
      'contact-5': { step: 1, stop: 'unsubscribed' },
    },
  });

  it('sends exactly the expected messages: 3 steps to everyone, less after a reply or an unsubscribe', () => {
    const stepsOf = (id: string) =>
      run.sends.filter((send) => send.customerId === id).map((send) => send.step);
    for (const id of contactIds) {
      const expected = id === 'contact-3' ? [0] : id === 'contact-5' ? [0, 1] : [0, 1, 2];
      expect(stepsOf(id), id).toEqual(expected);
    }
    expect(run.sends).toHaveLength(18 * 3 + 1 + 2);
    const keys = run.sends.map((send) => `${send.customerId}/${send.step}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('sends only inside a schedule window, in its own timezone, on its days', () => {
    for (const send of run.sends) {
      const allowed =
        insideMorning(send.at, 'Europe/Berlin', ['Mon', 'Tue', 'Wed']) ||
        insideMorning(send.at, 'America/New_York', ['Thu', 'Fri']);
      expect(allowed, send.at.toISOString()).toBe(true);
    }
    // Both windows are used: Berlin's morning is UTC 08-11, New York's is UTC 14-17.
    const hours = new Set(run.sends.map((send) => send.at.getUTCHours()));
    expect([...hours].some((hour) => hour < 12)).toBe(true);
    expect([...hours].some((hour) => hour >= 14)).toBe(true);
  });

  it('never exceeds a mailbox daily limit in any 24 hours, nor max_new_leads', () => {
    for (const send of run.sends) {
      const windowStart = send.at.getTime() - DAY;
      const inWindow = run.sends.filter(
        (other) => other.at.getTime() > windowStart && other.at.getTime() <= send.at.getTime(),
      );
      const sameMailbox = inWindow.filter((other) => other.mailboxId === send.mailboxId);
      expect(sameMailbox.length).toBeLessThanOrEqual(limitOf.get(send.mailboxId) ?? 0);
      expect(inWindow.filter((other) => other.step === 0).length).toBeLessThanOrEqual(6);
    }
  });

  it('keeps each mailbox a random gap apart, between the larger min and max', () => {
    const gaps = new Set<number>();
    for (const mailbox of mailboxes) {
      const times = run.sends
        .filter((send) => send.mailboxId === mailbox.id)
        .map((send) => send.at.getTime());
      for (let index = 1; index < times.length; index += 1) {
        const gap = ((times[index] ?? 0) - (times[index - 1] ?? 0)) / 1000;
        expect(gap).toBeGreaterThanOrEqual(300);
        gaps.add(gap);
      }
    }
    expect(gaps.size).toBeGreaterThan(3);
  });

  it('sends every step of a contact from the same mailbox, each after its gap in days', () => {
    for (const id of contactIds) {
      const own = run.sends.filter((send) => send.customerId === id);
      expect(new Set(own.map((send) => send.mailboxId)).size).toBe(1);
      for (let index = 1; index < own.length; index += 1) {
        const waited = (own[index]?.at.getTime() ?? 0) - (own[index - 1]?.at.getTime() ?? 0);
        expect(waited).toBeGreaterThanOrEqual((campaign.stepGaps[index] ?? 0) * DAY);
      }
    }
  });
});

describe('the engine picks', () => {
  const base = {
    ...campaign,
    schedules: [
      {
        ...berlin,
        start_time: '00:00',
        end_time: '23:59',
        days: [...weekdays, 'SAT', 'SUN'] as Schedule['days'],
      },
    ],
    newLeadsToday: 0,
    sentTodayByMailbox: {},
  };
  const mailbox = {
    ...mailboxes[0],
    id: 'mailbox-a',
    sentToday: 0,
    nextSendAt: null,
  } as EngineMailbox;
  const newLead: EngineContact = {
    campaignId: campaign.id,
    customerId: 'new',
    lastStep: -1,
    mailboxId: null,
    lastSentAt: null,
    waiting: false,
    stop: null,
  };
  const dueFollowUp: EngineContact = {
    ...newLead,
    customerId: 'follow-up',
    lastStep: 0,
    mailboxId: 'mailbox-a',
    lastSentAt: new Date('2030-01-01T10:00:00Z'),
  };
  const now = new Date('2030-01-08T10:00:00Z');

  it('follow-ups first unless new_leads_first, and nothing for a contact in flight', () => {
    const decide = (newLeadsFirst: boolean, contacts: EngineContact[]) =>
      decideSends({
        now,
        horizonMs: MINUTE,
        random: seededRandom(1),
        campaigns: [{ ...base, newLeadsFirst }],
        mailboxes: [mailbox],
        contacts,
      }).sends.map((send) => `${send.customerId}:${send.step}`);
    expect(decide(false, [newLead, dueFollowUp])).toEqual(['follow-up:1']);
    expect(decide(true, [newLead, dueFollowUp])).toEqual(['new:0']);
    expect(decide(false, [{ ...dueFollowUp, waiting: true }])).toEqual([]);
    // A follow-up waits for its own mailbox, even when another one is free.
    expect(decide(false, [{ ...dueFollowUp, mailboxId: 'mailbox-b' }])).toEqual([]);
  });

  it("applies the campaign's emails_limit per mailbox, and the mailbox's own when it is 0", () => {
    const many = Array.from({ length: 10 }, (_, index) => ({
      ...newLead,
      customerId: `n${index}`,
    }));
    const decide = (emailsLimit: number) =>
      decideSends({
        now,
        horizonMs: DAY,
        random: seededRandom(1),
        campaigns: [{ ...base, emailsLimit, maxNewLeads: 0 }],
        mailboxes: [mailbox],
        contacts: many,
      }).sends.length;
    expect(decide(2)).toBe(2);
    expect(decide(0)).toBe(5);
  });
});

describe('new leads shared by mailboxes with short gaps', () => {
  it('go out from every mailbox in turn, not all from the first', () => {
    const now = new Date('2030-01-07T09:30:00+01:00');
    const quick = {
      emailsLimit: 50,
      minEmailGap: 1,
      maxEmailGap: 3,
      sentToday: 0,
      nextSendAt: null,
    };
    const decision = decideSends({
      now,
      horizonMs: MINUTE,
      random: seededRandom(7),
      campaigns: [
        {
          ...campaign,
          minEmailGap: 1,
          maxEmailGap: 3,
          maxNewLeads: 0,
          mailboxIds: ['alice', 'bruno'],
          newLeadsToday: 0,
          sentTodayByMailbox: {},
        },
      ],
      mailboxes: [
        { ...quick, id: 'alice' },
        { ...quick, id: 'bruno' },
      ],
      contacts: contactIds.slice(0, 6).map((customerId) => ({
        campaignId: campaign.id,
        customerId,
        lastStep: -1,
        mailboxId: null,
        lastSentAt: null,
        waiting: false,
        stop: null,
      })),
    });
    expect(decision.sends).toHaveLength(6);
    const byMailbox = (id: string) => decision.sends.filter((send) => send.mailboxId === id);
    expect(byMailbox('alice')).toHaveLength(3);
    expect(byMailbox('bruno')).toHaveLength(3);
    // In the order of their times: the plan is the order they go out in.
    const times = decision.sends.map((send) => send.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
