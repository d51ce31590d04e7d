import { bulkMessages, webhookEvents } from '@mailhound/contracts';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { buyResult, completedUpload, readItem, toCsv } from '../bulk/bulk.test-kit.ts';
import { labEnv } from '../search/search.test-kit.ts';
import { webhookDeliveryQueue } from '../webhooks/emit.ts';
import { addWebhook, callAs, type Receiver, startReceiver } from '../webhooks/webhooks.test-kit.ts';

// The security review (session 12, 1c): a list verifying one address answered its verdict
// through its counts and price, free. Until the result is bought, nothing the user or a
// webhook sees depends on the verdicts of the rows verifying given addresses.
let lab: MailLab;
let t: TestContext;
let receiver: Receiver;

beforeAll(async () => {
  lab = await startMailLab({
    hosts: [{ name: 'mx.acme.test', address: '127.0.8.3' }],
    domains: [
      { name: 'acme.test', mx: [{ priority: 10, host: 'mx.acme.test' }], mailboxes: ['ann.lee'] },
    ],
  });
  [t, receiver] = await Promise.all([
    createTestContext({
      jobs: true,
      env: labEnv(lab, { WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' }),
    }),
    startReceiver(),
  ]);
});
afterAll(async () => {
  await receiver?.stop();
  await t?.close();
  await lab?.close();
});

function get(url: string, token: string) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: token } });
}

// The bulk.completed body queued for the request, as its webhook receives it.
async function completedEvent(requestId: string) {
  const rows = await t.db.execute<{ event: { data: Record<string, unknown> } }>(sql`
    select data->'event' as event from pgboss.job
    where name = ${webhookDeliveryQueue} and data->'event'->'data'->>'bulk_id' = ${requestId}`);
  expect(rows.rows).toHaveLength(1);
  return rows.rows[0]?.event.data;
}

// What the user and their webhook see of a one-row list verifying `email`, without what names
// the list itself (its id, file name and times).
async function whatIsSeen(token: string, email: string) {
  const item = await completedUpload(t.app, token, 'one.csv', toCsv([['Email'], [email]]));
  const preview = await get(`/api/file/${item.requestId}/preview`, token);
  expect(preview.statusCode, preview.body).toBe(200);
  const { requestId, createdAt, ...listed } = await readItem(t.app, token, item.requestId);
  const { bulk_id, completed, ...event } = (await completedEvent(item.requestId)) ?? {};
  return { requestId, preview: preview.json(), item: listed, event };
}

describe('a list verifying given addresses, before it is bought', () => {
  it('tells a valid address from an invalid one by nothing; the download does', async () => {
    const user = await activeUser(t);
    await addWebhook(callAs(t, user.token), receiver.url, [...webhookEvents]);
    const valid = await whatIsSeen(user.token, 'ann.lee@acme.test');
    const invalid = await whatIsSeen(user.token, 'nobody@acme.test');

    expect(valid.preview).toEqual({
      ...invalid.preview,
      // The upload's own cell: the address given.
      rows: valid.preview.rows,
    });
    expect(valid.preview.rows.slice(1)).toEqual([
      ['ann.lee@acme.test', 'a•••@acme.test', ...Array<string>(10).fill('•••')],
    ]);
    expect(invalid.preview.rows.slice(1)).toEqual([
      ['nobody@acme.test', 'n•••@acme.test', ...Array<string>(10).fill('•••')],
    ]);
    // A price of up to one credit each, and only the row count.
    expect(valid.preview).toMatchObject({
      paid: false,
      credits: 1,
      summary: { rows: 1, found: 0, verified: 0, notFound: 0, failed: [], toVerify: 1 },
    });
    expect(valid.item).toEqual(invalid.item);
    expect(valid.item).toMatchObject({
      status: 'completed',
      progress: { success: 0, fail: 0, total: 1, toVerify: 1 },
      result: { successCount: 0, verifiedCount: 0, credits: 1, toVerify: 1 },
      purchases: [],
    });
    expect(valid.event).toEqual(invalid.event);
    expect(valid.event).toEqual({ name: 'one.csv', total: 1, found: 0, verified: 0, to_verify: 1 });
    expect(bulkMessages.youWillPay(valid.preview.credits)).toBe('You will pay up to 1 credit(s)');

    // Bought, each shows its own verdict: the valid one is charged, the invalid one is free.
    await buyResult(t.app, user.token, valid.requestId);
    await buyResult(t.app, user.token, invalid.requestId);
    const [validPaid, invalidPaid] = await Promise.all(
      [valid, invalid].map(async ({ requestId }) => ({
        preview: (await get(`/api/file/${requestId}/preview`, user.token)).json(),
        item: await readItem(t.app, user.token, requestId),
      })),
    );
    expect(validPaid?.preview.summary).toEqual({
      rows: 1,
      found: 1,
      verified: 1,
      notFound: 0,
      failed: [],
      toVerify: 0,
    });
    expect(invalidPaid?.preview.summary).toEqual({
      rows: 1,
      found: 0,
      verified: 0,
      notFound: 1,
      failed: [],
      toVerify: 0,
    });
    expect(validPaid?.item).toMatchObject({
      progress: { success: 1, fail: 0, total: 1, toVerify: 0 },
      result: { successCount: 1, verifiedCount: 1, credits: 0, toVerify: 0 },
      purchases: [{ credits: 1 }],
    });
    expect(invalidPaid?.item).toMatchObject({
      progress: { success: 0, fail: 1, total: 1, toVerify: 0 },
      result: { successCount: 0, verifiedCount: 0, credits: 0, toVerify: 0 },
      purchases: [{ credits: 0 }],
    });
  });
});
