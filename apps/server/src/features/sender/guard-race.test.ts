import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { campaigns } from '../campaigns/schema.ts';
import { customers } from '../contacts/schema.ts';
import { unsubscribeContact } from '../tracking/index.ts';
import { guardSendRates } from './bounce-guard.ts';
import { campaignSends } from './schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

// An active campaign that sent 60 e-mails an hour ago.
async function sentCampaign() {
  const user = await activeUser(t);
  const [campaign] = await t.db
    .insert(campaigns)
    .values({ userId: user.id, name: 'Raced', status: 'active' })
    .returning();
  if (!campaign) throw new Error('no campaign');
  const people = await t.db
    .insert(customers)
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: user.id,
        email: `lead${i}@raced.test`,
        fname: 'Lead',
        lname: `${i}`,
      })),
    )
    .returning();
  const hourAgo = Date.now() - 3_600_000;
  const sends = await t.db
    .insert(campaignSends)
    .values(
      people.map((person, i) => ({
        userId: user.id,
        campaignId: campaign.id,
        customerId: person.id,
        step: 0,
        messageId: `<${campaign.id}-${i}@raced.test>`,
        status: 'sent' as const,
        scheduledAt: new Date(hourAgo + i),
        sentAt: new Date(hourAgo + i),
      })),
    )
    .returning();
  return { userId: user.id, campaignId: campaign.id, sends };
}

describe('complaint protection when two complaints are filed at once', () => {
  it('pauses the campaign: the second guard waits for the first to commit, then sees both', async () => {
    const { userId, campaignId, sends } = await sentCampaign();
    // Two syncs (two mailboxes of one campaign) each file a complaint in a transaction; both
    // are written before either is judged.
    let filed = 0;
    let bothFiled!: () => void;
    const gate = new Promise<void>((resolve) => {
      bothFiled = resolve;
    });
    const file = (send: (typeof sends)[number]) =>
      t.db.transaction(async (tx) => {
        const added = await unsubscribeContact(
          tx,
          { ...send, userId },
          { source: 'complaint', at: new Date() },
        );
        expect(added).toBeTruthy();
        filed += 1;
        if (filed === 2) bothFiled();
        await gate;
        await guardSendRates(tx, { campaignId, mailboxId: null });
      });
    await Promise.all(sends.slice(0, 2).map(file));
    const stored = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from unsubscribes where campaign_id = ${campaignId} and source = 'complaint'`,
    );
    expect(stored.rows[0]?.n).toBe(2);
    const [campaign] = await t.db
      .select({ status: campaigns.status, reason: campaigns.pausedReason })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId));
    expect(campaign?.status).toBe('paused');
    expect(campaign?.reason).toContain('2 spam complaints');
  });
});
