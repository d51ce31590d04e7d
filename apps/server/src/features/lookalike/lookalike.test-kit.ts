import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import type { App } from '../../platform/http.ts';
import { multipart } from '../bulk/bulk.test-kit.ts';
import { applyCreditEntry } from '../credits/credit-ledger.ts';
import type { LookalikeItem } from './lookalike-store.ts';

// Helpers for the look-alike tests: a paid plan, an upload, waiting for a request.

export async function putOnPaidPlan(
  db: Db,
  userId: string,
  grant: { credits: number; leadSearches: number },
): Promise<void> {
  await db.execute(sql`
    insert into plans (name, is_default, rules) values ('Pro', false,
      '{"credits": 1000, "lead_search_credits": 50, "interval": "month", "price": 4900, "price_id": "price_pro"}')
    on conflict (name) do nothing`);
  await db.execute(
    sql`update users set plan_id = (select id from plans where name = 'Pro') where id = ${userId}`,
  );
  await db.transaction((tx) =>
    applyCreditEntry(tx, {
      userId,
      kind: 'plan_grant',
      amount: grant.credits,
      leadAmount: grant.leadSearches,
      idempotencyKey: `test-grant:${userId}`,
    }),
  );
}

export async function uploadList(
  app: App,
  token: string,
  fileName: string,
  content: string | Buffer,
) {
  const body = multipart(fileName, content);
  return app.inject({
    method: 'POST',
    url: '/api/lookalike',
    payload: body.payload,
    headers: { ...body.headers, authorization: token },
  });
}

export async function readLookalike(app: App, token: string, id: string): Promise<LookalikeItem> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/search-history/lookalike/${id}`,
    headers: { authorization: token },
  });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json() as LookalikeItem;
}

export async function waitForLookalike(
  app: App,
  token: string,
  id: string,
  timeoutMs = 30_000,
): Promise<LookalikeItem> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const item = await readLookalike(app, token, id);
    if (item.status !== 'processing') return item;
    if (Date.now() > deadline) throw new Error(`look-alike ${id} still processing`);
    await sleep(100);
  }
}
