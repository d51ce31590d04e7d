import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { heldFinder } from '../../test/held-finder.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { entriesOfHold } from '../credits/holds.ts';
import { creditAccounts, paidAddresses } from '../credits/schema.ts';
import { latestStatuses } from '../verify/verify.test-kit.ts';
import { createSearchFinder } from './finder.ts';
import { searchSweepQueue } from './jobs.ts';
import { searchHistory } from './schema.ts';
import { labEnv, searchLab } from './search.test-kit.ts';
import {
  beginSearch,
  creditReference,
  interruptedSearch,
  settleSearch,
  staleSearchMs,
} from './search-records.ts';
import { runSingleSearch, type SearchEvent } from './single-search.ts';

let lab: MailLab;
let t: TestContext;

beforeAll(async () => {
  lab = await startMailLab(searchLab);
  // A silent mail server keeps a search waiting long enough for the client to leave.
  t = await createTestContext({
    jobs: true,
    env: labEnv(lab, { FINDER_COMMAND_TIMEOUT_MS: '30000' }),
  });
});
afterAll(async () => {
  await t.close();
  await lab.close();
});

const query = { firstName: 'Ann', lastName: 'Lee', companyWebsite: 'acme.test' };

async function balancesOf(userId: string) {
  const [row] = await t.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  return { balance: row?.balance, onHold: row?.onHold };
}

async function rowOf(id: string) {
  const [row] = await t.db.select().from(searchHistory).where(eq(searchHistory.id, id));
  return row;
}

describe('a search whose process died', () => {
  it('keeps its credit on hold only until the sweep releases it', async () => {
    const user = await activeUser(t);
    const id = randomUUID();
    const searcher = { kind: 'user' as const, userId: user.id, clientAddress: '10.0.0.1' };
    await beginSearch(t.db, { id, searcher, query });
    expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 1 });

    // Not stale yet: a search may still be running.
    await t.jobs?.sendAndWait(searchSweepQueue, {});
    expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 1 });

    t.clock.advance(staleSearchMs + 60_000);
    await t.jobs?.sendAndWait(searchSweepQueue, {});
    expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 0 });
    expect(await rowOf(id)).toMatchObject({ error: interruptedSearch, charged: false });
    const ledger = await entriesOfHold(t.db, user.id, creditReference(id));
    expect(ledger.map((entry) => entry.kind)).toEqual(['hold', 'release']);

    // A result that arrives after the sweep gave its credit back is not kept: the search
    // stays interrupted, nothing was paid for it.
    const late = await settleSearch(t.db, {
      id,
      outcome: { exactEmail: 'ann.lee@acme.test', score: 99, error: null, evidence: {} },
    });
    expect(late).toEqual({ charged: false, interrupted: true });
    expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 0 });
    expect(await rowOf(id)).toMatchObject({
      error: interruptedSearch,
      result: null,
      score: null,
      charged: false,
    });
    // Nor is the address counted as paid for: a later search of it is charged.
    expect(
      await t.db.select().from(paidAddresses).where(eq(paidAddresses.userId, user.id)),
    ).toEqual([]);
  });

  it('that answers after the sweep released its credit streams that it was interrupted, and hands over nothing', async () => {
    const user = await activeUser(t);
    const finder = createSearchFinder(t.config, t.db);
    const held = heldFinder(finder);
    const events: SearchEvent[] = [];
    const searcher = { kind: 'user' as const, userId: user.id, clientAddress: '10.0.0.2' };
    const run = runSingleSearch(
      { db: t.db, finder: held.finder, logFailure: () => {} },
      { searcher, query, domain: 'acme.test' },
      (event) => events.push(event),
      new AbortController().signal,
    );
    try {
      // The finder has the address; meanwhile the sweep takes the search for dead.
      await held.answered;
      t.clock.advance(staleSearchMs + 60_000);
      await t.jobs?.sendAndWait(searchSweepQueue, {});
    } finally {
      held.release();
      await run;
      await finder.close();
    }
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { _id: expect.any(String), error: interruptedSearch },
    });
    expect(JSON.stringify(events)).not.toContain('ann.lee');
    const [row] = await t.db.select().from(searchHistory).where(eq(searchHistory.userId, user.id));
    expect(row).toMatchObject({ error: interruptedSearch, result: null, score: null });
    expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 0 });
    expect(await latestStatuses(t.db, user.id)).toEqual([]);
    expect(
      await t.db.select().from(paidAddresses).where(eq(paidAddresses.userId, user.id)),
    ).toEqual([]);
  });
});

describe('a client that goes away mid-search', () => {
  it('stops the finder and releases the held credit', async () => {
    const user = await activeUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify({ ...query, companyWebsite: 'silent.test' });
    let received = '';
    await new Promise<void>((resolve, reject) => {
      const client = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/person/sse',
          headers: { 'content-type': 'application/json', authorization: user.token },
        },
        (response) => {
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            received += chunk;
            // The search is under way (its credit held): leave.
            if (received.includes('event: progress')) {
              client.destroy();
              resolve();
            }
          });
        },
      );
      client.on('error', (error) => {
        if (!received.includes('event: progress')) reject(error);
      });
      client.end(body);
    });

    let row: Awaited<ReturnType<typeof rowOf>>;
    for (;;) {
      [row] = await t.db.select().from(searchHistory).where(eq(searchHistory.userId, user.id));
      if (row?.settledAt) break;
      await sleep(50);
    }
    // 'Aborted', not 'Connection timed out': the finder was stopped, not left to time out.
    expect(row).toMatchObject({ error: 'Aborted', charged: false });
    expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 0 });
  });
});
