import { and, count, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createList, insertMailbox, startCampaign } from '../campaigns/campaigns.test-kit.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { mailboxes } from '../mailboxes/schema.ts';
import { campaignSends } from './schema.ts';
import { seededRandom } from './seeded-random.ts';
import { runTick } from './tick.ts';

const DAY_MS = 86_400_000;
// The engine's clock is simulated, the API's stays the test clock (login tokens expire by
// it): the mailbox was added ten days before the test clock's now, where a ramp started
// again through the API begins.
const added = new Date(Date.now() - 10 * DAY_MS);

let t: TestContext;
let call: MailCall;
let mailboxId: string;

beforeAll(async () => {
  t = await createTestContext({ env: { MAIL_ALLOW_PRIVATE_HOSTS: 'true' } });
  const user = await mailUser(t);
  call = user.call;
  // A limit of 17 a day, gaps of a second: without the ramp one hour could plan all 17.
  mailboxId = await insertMailbox(t, user.id, {
    email: 'new@ramp.test',
    emailsLimit: 17,
    minEmailGap: 0,
    maxEmailGap: 1,
  });
  await t.db.update(mailboxes).set({ rampStartedAt: added }).where(eq(mailboxes.id, mailboxId));
  const emails = Array.from({ length: 120 }, (_, i) => `lead${i}@client.test`);
  const { groupId } = await createList(call, 'Leads', emails);
  await startCampaign(call, { name: 'Ramp', mailboxIds: [mailboxId], groupId });
});
afterAll(() => t.close());

// Ticks every simulated minute for an hour from `at`: how many sends they plan in all.
async function plannedInAnHour(at: Date): Promise<number> {
  const end = new Date(at.getTime() + 3_600_000);
  for (let minute = 0; minute < 60; minute += 1) {
    await runTick(t.db, new Date(at.getTime() + minute * 60_000), seededRandom(minute));
  }
  const [row] = await t.db
    .select({ planned: count() })
    .from(campaignSends)
    .where(and(gte(campaignSends.scheduledAt, at), lt(campaignSends.scheduledAt, end)));
  return row?.planned ?? 0;
}

const limits = (emailsLimit: number, rampUp?: boolean) => ({
  emails_limit: emailsLimit,
  min_email_gap: 0,
  max_email_gap: 1,
  ...(rampUp === undefined ? {} : { ramp_up: rampUp }),
});

describe('a new mailbox ramps up its daily limit', () => {
  it('sends 5 on its first day and 3 more each day after, up to its own limit', async () => {
    const perDay: number[] = [];
    for (let day = 0; day < 6; day += 1) {
      perDay.push(await plannedInAnHour(new Date(added.getTime() + day * DAY_MS + 60_000)));
    }
    expect(perDay).toEqual([5, 8, 11, 14, 17, 17]);
  });

  it('goes on where it was when the limits are saved, and starts again when turned off and on', async () => {
    const kept = await call('PATCH', `/mailboxes/${mailboxId}/settings`, limits(17, true));
    expect(kept.json().ramp_started).toBe(added.toISOString());
    const untouched = await call('PATCH', `/mailboxes/${mailboxId}/settings`, limits(17));
    expect(untouched.json().ramp_started).toBe(added.toISOString());

    await call('PATCH', `/mailboxes/${mailboxId}/settings`, limits(17, false));
    const again = await call('PATCH', `/mailboxes/${mailboxId}/settings`, limits(17, true));
    const restarted = t.clock.now();
    expect(again.json().ramp_started).toBe(restarted.toISOString());
    expect(await plannedInAnHour(new Date(restarted.getTime() + 60_000))).toBe(5);
  });

  it('sends up to its own limit at once when the user turns the ramp off', async () => {
    const off = await call('PATCH', `/mailboxes/${mailboxId}/settings`, limits(17, false));
    expect(off.json().ramp_started).toBeNull();
    // 5 went out in the last 24 hours: 12 more make the mailbox's own 17.
    const later = new Date(t.clock.now().getTime() + 2 * 3_600_000);
    expect(await plannedInAnHour(later)).toBe(12);
  });
});
