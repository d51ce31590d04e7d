import type { Schedule } from '@mailhound/contracts';
import { hasEnded, inScheduleWindow } from '../campaigns/index.ts';

const DAY_MS = 86_400_000;

export type EngineCampaign = {
  id: string;
  schedules: Schedule[];
  // Days each step waits after the previous one (the first step's gap is ignored).
  stepGaps: number[];
  stopAfterReply: boolean;
  // Per mailbox and 24 hours; 0 = the mailbox's own limit.
  emailsLimit: number;
  minEmailGap: number;
  maxEmailGap: number;
  // First steps per 24 hours; 0 = no cap.
  maxNewLeads: number;
  newLeadsFirst: boolean;
  mailboxIds: string[];
  // Already planned or sent in the last 24 hours.
  newLeadsToday: number;
  sentTodayByMailbox: Record<string, number>;
};

export type EngineMailbox = {
  id: string;
  emailsLimit: number;
  minEmailGap: number;
  maxEmailGap: number;
  // Sends of every campaign in the last 24 hours.
  sentToday: number;
  nextSendAt: Date | null;
};

export type EngineContact = {
  campaignId: string;
  customerId: string;
  // -1 for a contact who has had nothing yet (a new lead).
  lastStep: number;
  // The mailbox of its first step: every later step goes out from it.
  mailboxId: string | null;
  lastSentAt: Date | null;
  // A send in flight: nothing more until it settles.
  waiting: boolean;
  stop: 'replied' | 'unsubscribed' | 'bounced' | 'failed' | null;
};

export type PlannedSend = {
  campaignId: string;
  customerId: string;
  step: number;
  mailboxId: string;
  at: Date;
};

export type DecideInput = {
  now: Date;
  // How far ahead this tick plans (the tick interval).
  horizonMs: number;
  campaigns: EngineCampaign[];
  mailboxes: EngineMailbox[];
  contacts: EngineContact[];
  // In [0, 1): Math.random in production, a seeded generator in tests.
  random: () => number;
};

export type Decision = { sends: PlannedSend[]; nextSendAt: Map<string, Date> };

export function campaignOpenAt(campaign: EngineCampaign, at: Date): boolean {
  return (
    !hasEnded(campaign.schedules, at) &&
    campaign.schedules.some((schedule) => inScheduleWindow(schedule, at))
  );
}

function canContinue(campaign: EngineCampaign, contact: EngineContact): boolean {
  if (contact.waiting) return false;
  if (contact.stop === 'replied') return !campaign.stopAfterReply;
  return contact.stop === null;
}

function isDue(campaign: EngineCampaign, contact: EngineContact, at: Date): boolean {
  const step = contact.lastStep + 1;
  if (step >= campaign.stepGaps.length || !contact.lastSentAt) return false;
  const gapDays = campaign.stepGaps[step] ?? 0;
  return contact.lastSentAt.getTime() + gapDays * DAY_MS <= at.getTime();
}

function gapSeconds(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

// The mailboxes still sending in this tick, the one with the earliest free slot first (ties in
// the order they came, so runs agree): a binary heap, as a tick may hold 10,000 mailboxes.
class LaneQueue<Lane extends { at: number }> {
  private readonly heap: Array<{ lane: Lane; order: number }> = [];
  private added = 0;

  constructor(lanes: Lane[]) {
    for (const lane of lanes) this.push(lane);
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a]!;
    const y = this.heap[b]!;
    return x.lane.at < y.lane.at || (x.lane.at === y.lane.at && x.order < y.order);
  }

  private swap(a: number, b: number): void {
    [this.heap[a], this.heap[b]] = [this.heap[b]!, this.heap[a]!];
  }

  push(lane: Lane): void {
    this.heap.push({ lane, order: this.added++ });
    for (let i = this.heap.length - 1; i > 0 && this.before(i, (i - 1) >> 1); i = (i - 1) >> 1) {
      this.swap(i, (i - 1) >> 1);
    }
  }

  pop(): Lane | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (top === undefined || last === undefined) return undefined;
    if (this.heap.length === 0) return top.lane;
    this.heap[0] = last;
    for (let i = 0; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let first = i;
      if (left < this.heap.length && this.before(left, first)) first = left;
      if (right < this.heap.length && this.before(right, first)) first = right;
      if (first === i) break;
      this.swap(i, first);
      i = first;
    }
    return top.lane;
  }
}

// The engine: which contact gets which step from which mailbox, and when, within the next
// `horizonMs`. Each mailbox sends one mail, then waits a random gap; only inside an open
// schedule window, under both daily limits (the campaign's per mailbox and the mailbox's own),
// under max_new_leads, after each step's gap in days, and always from the contact's mailbox.
export function decideSends(input: DecideInput): Decision {
  const { now, random } = input;
  const end = now.getTime() + input.horizonMs;
  const campaignById = new Map(input.campaigns.map((campaign) => [campaign.id, campaign]));
  const newLeads = new Map<string, EngineContact[]>();
  const followUps = new Map<string, EngineContact[]>();
  for (const contact of input.contacts) {
    const campaign = campaignById.get(contact.campaignId);
    if (!campaign || !canContinue(campaign, contact)) continue;
    if (contact.lastStep < 0) {
      const pool = newLeads.get(campaign.id) ?? [];
      pool.push(contact);
      newLeads.set(campaign.id, pool);
    } else if (contact.mailboxId && contact.lastStep + 1 < campaign.stepGaps.length) {
      const key = `${campaign.id}/${contact.mailboxId}`;
      const pool = followUps.get(key) ?? [];
      pool.push(contact);
      followUps.set(key, pool);
    }
  }
  // Oldest first: the contact who has waited longest goes next.
  for (const pool of followUps.values()) {
    pool.sort((a, b) => (a.lastSentAt?.getTime() ?? 0) - (b.lastSentAt?.getTime() ?? 0));
  }

  const sentByCampaignMailbox = new Map<string, number>();
  const newLeadsPlanned = new Map<string, number>();
  const sends: PlannedSend[] = [];
  const nextSendAt = new Map<string, Date>();
  let turn = 0;
  const campaignsByMailbox = new Map<string, EngineCampaign[]>();
  for (const campaign of input.campaigns) {
    for (const mailboxId of campaign.mailboxIds) {
      const list = campaignsByMailbox.get(mailboxId) ?? [];
      list.push(campaign);
      campaignsByMailbox.set(mailboxId, list);
    }
  }
  // Windows have minute precision: one answer per campaign and minute.
  const openCache = new Map<string, boolean>();
  const isOpen = (campaign: EngineCampaign, when: Date) => {
    const key = `${campaign.id}/${Math.floor(when.getTime() / 60_000)}`;
    let open = openCache.get(key);
    if (open === undefined) {
      open = campaignOpenAt(campaign, when);
      openCache.set(key, open);
    }
    return open;
  };

  // The mailboxes send in the order of their next free slot, so that new leads shared by a
  // campaign's mailboxes are spread over all of them, whatever the gaps.
  const lanes = input.mailboxes.flatMap((mailbox) => {
    const campaignsOf = campaignsByMailbox.get(mailbox.id) ?? [];
    if (campaignsOf.length === 0) return [];
    const at = Math.max(now.getTime(), mailbox.nextSendAt?.getTime() ?? 0);
    return [{ mailbox, campaignsOf, sentToday: mailbox.sentToday, at, sentHere: false }];
  });
  const open = new LaneQueue(
    lanes.filter((lane) => lane.at < end && lane.sentToday < lane.mailbox.emailsLimit),
  );
  for (let lane = open.pop(); lane; lane = open.pop()) {
    const { mailbox, campaignsOf } = lane;
    const when = new Date(lane.at);
    let planned: { campaign: EngineCampaign; contact: EngineContact } | undefined;
    // Campaigns sharing a mailbox take turns.
    for (let offset = 0; offset < campaignsOf.length && !planned; offset += 1) {
      const campaign = campaignsOf[(turn + offset) % campaignsOf.length];
      if (!campaign || !isOpen(campaign, when)) continue;
      const key = `${campaign.id}/${mailbox.id}`;
      const sentInCampaign =
        (campaign.sentTodayByMailbox[mailbox.id] ?? 0) + (sentByCampaignMailbox.get(key) ?? 0);
      const limit = campaign.emailsLimit > 0 ? campaign.emailsLimit : mailbox.emailsLimit;
      if (sentInCampaign >= limit) continue;
      const pickFollowUp = () => {
        const pool = followUps.get(key) ?? [];
        const index = pool.findIndex((contact) => isDue(campaign, contact, when));
        return index < 0 ? undefined : pool.splice(index, 1)[0];
      };
      const pickNewLead = () => {
        const taken = campaign.newLeadsToday + (newLeadsPlanned.get(campaign.id) ?? 0);
        if (campaign.maxNewLeads > 0 && taken >= campaign.maxNewLeads) return undefined;
        return newLeads.get(campaign.id)?.shift();
      };
      const contact = campaign.newLeadsFirst
        ? (pickNewLead() ?? pickFollowUp())
        : (pickFollowUp() ?? pickNewLead());
      if (contact) planned = { campaign, contact };
    }
    if (!planned) continue;
    turn += 1;
    const { campaign, contact } = planned;
    const step = contact.lastStep + 1;
    sends.push({
      campaignId: campaign.id,
      customerId: contact.customerId,
      step,
      mailboxId: mailbox.id,
      at: when,
    });
    const key = `${campaign.id}/${mailbox.id}`;
    sentByCampaignMailbox.set(key, (sentByCampaignMailbox.get(key) ?? 0) + 1);
    if (step === 0) newLeadsPlanned.set(campaign.id, (newLeadsPlanned.get(campaign.id) ?? 0) + 1);
    lane.sentToday += 1;
    lane.sentHere = true;
    const gap = gapSeconds(
      random,
      Math.max(campaign.minEmailGap, mailbox.minEmailGap),
      Math.max(campaign.maxEmailGap, mailbox.maxEmailGap),
    );
    lane.at += gap * 1000;
    if (lane.at < end && lane.sentToday < mailbox.emailsLimit) open.push(lane);
  }
  for (const lane of lanes) if (lane.sentHere) nextSendAt.set(lane.mailbox.id, new Date(lane.at));
  return { sends, nextSendAt };
}
