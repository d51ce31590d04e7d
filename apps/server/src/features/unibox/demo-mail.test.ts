import type { OverallAnalytics, ThreadDetail, ThreadPage } from '@mailhound/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkTokens } from '../../platform/link-tokens.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { type DemoMailDeps, seedDemoMail } from './demo-mail.ts';

let t: TestContext;
let call: MailCall;
let deps: DemoMailDeps;
let userId: string;

beforeAll(async () => {
  t = await createTestContext();
  ({ call, id: userId } = await mailUser(t));
  deps = {
    db: t.db,
    tokens: createLinkTokens(t.config.tracking.secret),
    publicUrl: t.config.publicUrl,
    box: t.mailConnections.box,
    // The analytics' default period ends today.
    now: new Date(),
  };
  await seedDemoMail(deps, userId);
});
afterAll(() => t.close());

describe('the demo mail service of `npm start`', () => {
  it('fills the Unibox with the answers to a demo campaign, unread', async () => {
    const page = (await call('GET', '/unibox/threads')).json() as ThreadPage;
    expect(page.total_count).toBe(5);
    expect(page.unread_count).toBe(5);
    const byStatus = (status: string) =>
      page.threads.filter((thread) => thread.status === status).length;
    expect([byStatus('replied'), byStatus('auto_reply'), byStatus('bounced')]).toEqual([3, 1, 1]);
    const lena = page.threads.find((thread) => thread.lead.email.startsWith('lena'));
    const detail = (await call('GET', `/unibox/threads/${lena?.id}`)).json() as ThreadDetail;
    expect(detail.messages.map((message) => message.kind)).toEqual(['campaign', 'reply']);
    expect(detail.messages[1]?.text).toContain('pricing');
    expect(detail.messages[1]?.quoted_text).toContain('> Hi Lena');
  });

  it('gives the analytics a campaign to count: sends over two weeks and what came of them', async () => {
    const analytics = (await call('GET', '/analytics')).json() as OverallAnalytics;
    expect(analytics.totals).toEqual({
      sent: 17,
      delivered: 16,
      bounced: 1,
      contacted: 12,
      replied: 3,
      unsubscribed: 1,
      clicked: 4,
      complained: 0,
    });
    expect(analytics.per_day.filter((day) => day.sent > 0).length).toBeGreaterThan(10);
  });

  it('is added once', async () => {
    await seedDemoMail(deps, userId);
    expect(await t.countRows('campaigns')).toBe(1);
    expect(await t.countRows('inbox_threads')).toBe(5);
    expect(await t.countRows('campaign_sends')).toBe(17);
  });
});
