import { setTimeout as sleep } from 'node:timers/promises';
import type { Finder, FinderEvidence } from '@mailhound/finder';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { addCompanies, addPeople } from '../companies/companies.test-kit.ts';
import { applyCreditEntry } from '../credits/credit-ledger.ts';
import { labEnv, searchLab } from '../search/search.test-kit.ts';
import { putOnPaidPlan } from './lookalike.test-kit.ts';
import { createLookalikeRequest, type LookalikeContact } from './lookalike-store.ts';
import { runLookalikeRequest } from './processing.ts';
import { searchLookalikeEmails } from './search-emails.ts';

let lab: MailLab;
let t: TestContext;

const software = 'Accounting software for small firms: cloud invoicing, payroll and bookkeeping.';

beforeAll(async () => {
  lab = await startMailLab(searchLab);
  t = await createTestContext({ env: labEnv(lab) });
  // The lab's domains are the companies (.test is not a public suffix, so written directly).
  await addCompanies(t.db, [
    {
      name: 'Small Books',
      domain: 'small.test',
      industry: 'computer_software',
      description: software,
    },
    {
      name: 'Acme Test',
      domain: 'acme.test',
      industry: 'computer_software',
      description: `${software} Invoicing for shops.`,
    },
    {
      name: 'Catch All',
      domain: 'catchall.test',
      industry: 'computer_software',
      description: `Payroll and invoicing software. ${software}`,
    },
    {
      name: 'Gone Away',
      domain: 'gone.test',
      industry: 'farming',
      description: 'Farmland, crops and harvest.',
    },
  ]);
  await addPeople(t.db, [
    { firstName: 'Ann', lastName: 'Lee', jobTitle: 'VP of Sales', companyDomain: 'acme.test' },
    {
      firstName: 'Cat',
      lastName: 'Moss',
      jobTitle: 'Sales Director',
      companyDomain: 'catchall.test',
    },
    { firstName: 'Dan', lastName: 'Ray', jobTitle: 'Farm Hand', companyDomain: 'gone.test' },
  ]);
});
afterAll(async () => {
  await t.close();
  await lab.close();
});

async function balanceOf(token: string): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/auth/user/balance',
    headers: { authorization: token },
  });
  return (response.json() as { balance: number }).balance;
}

async function completedSearch(userId: string): Promise<string> {
  const requestId = await createLookalikeRequest(t.db, undefined, {
    userId,
    fileName: 'peers.txt',
    entries: ['small.test'],
  });
  await runLookalikeRequest(t.db, requestId);
  return requestId;
}

function searchEmails(token: string, requestId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/lookalike/search-emails',
    payload: { requestId },
    headers: { authorization: token },
  });
}

describe('find the e-mails of a look-alike preview', () => {
  it('finds addresses through the finder and charges 1 credit per address scored 95+, once', async () => {
    const user = await activeUser(t);
    await putOnPaidPlan(t.db, user.id, { credits: 10, leadSearches: 5 });
    const requestId = await completedSearch(user.id);
    const before = await balanceOf(user.token);

    const response = await searchEmails(user.token, requestId);
    expect(response.statusCode, response.body).toBe(200);
    const items = (response.json() as { items: LookalikeContact[] }).items;
    const ann = items.find((contact) => contact.lname === 'Lee');
    expect(ann).toMatchObject({
      companyName: 'Acme Test',
      website: 'acme.test',
      exactEmail: 'ann.lee@acme.test',
      exactEmailScore: 99,
      verdict: { email: 'ann.lee@acme.test', status: 'valid' },
    });
    const cat = items.find((contact) => contact.lname === 'Moss');
    expect(cat?.exactEmailScore ?? 0).toBeLessThan(95);
    expect(cat?.verdict).toMatchObject({ status: 'accept_all', accept_all: true });
    // No address, no verdict.
    for (const contact of items.filter((each) => each.exactEmail === null))
      expect(contact.verdict).toBeNull();
    // Searched, so the preview can say no address was found even after a reload.
    expect(items.every((contact) => contact.searched)).toBe(true);
    expect(await balanceOf(user.token)).toBe(before - 1);

    // The preview now carries the addresses; a second click searches nobody again.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/search-history/lookalike/${requestId}`,
      headers: { authorization: user.token },
    });
    expect(detail.json().result.preview).toContainEqual(
      expect.objectContaining({
        exactEmail: 'ann.lee@acme.test',
        verdict: expect.objectContaining({ status: 'valid' }),
      }),
    );
    const again = await searchEmails(user.token, requestId);
    expect(again.statusCode).toBe(200);
    expect(await balanceOf(user.token)).toBe(before - 1);
  });

  it('searches each contact once when Find Emails is asked twice at once (two tabs)', async () => {
    const user = await activeUser(t);
    await putOnPaidPlan(t.db, user.id, { credits: 10, leadSearches: 5 });
    const requestId = await completedSearch(user.id);
    const before = await balanceOf(user.token);

    const [first, second] = await Promise.all([
      searchEmails(user.token, requestId),
      searchEmails(user.token, requestId),
    ]);

    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    const history = await t.db.execute<{ name: string; searches: number }>(sql`
      select query->>'lastName' as name, count(*)::int as searches from search_history
      where user_id = ${user.id} group by 1 order by 1`);
    expect(history.rows).toEqual([
      { name: 'Lee', searches: 1 },
      { name: 'Moss', searches: 1 },
    ]);
    expect(await balanceOf(user.token)).toBe(before - 1);
  });

  it('answers 402 when the available balance is 0', async () => {
    const user = await activeUser(t);
    await putOnPaidPlan(t.db, user.id, { credits: 0, leadSearches: 5 });
    const requestId = await completedSearch(user.id);
    const balance = await balanceOf(user.token);
    await t.db.transaction((tx) =>
      applyCreditEntry(tx, {
        userId: user.id,
        kind: 'charge',
        amount: balance,
        idempotencyKey: `spent:${user.id}`,
      }),
    );
    const response = await searchEmails(user.token, requestId);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      statusCode: 402,
      error: 'Payment Required',
      message: 'You do not have enough credits... You need 2 more credits.',
      needed: 2,
    });
  });
});

// A finder that answers every contact after a moment, so the searches overlap.
function answeringFinder(score: number): Finder {
  return {
    find: async (input) => {
      await sleep(20);
      return {
        exactEmail: `${input.firstName}.${input.lastName}@${input.domain}`.toLowerCase(),
        exactEmailScore: score,
        // No candidate evidence: the address gets no verdict.
        evidence: { candidates: [] } as unknown as FinderEvidence,
      };
    },
  } as Finder;
}

// answeringFinder that counts its probes: a contact searched is one call.
function countingFinder(score: number): Finder & { calls: () => number } {
  const inner = answeringFinder(score);
  let calls = 0;
  return {
    find: (input, options) => {
      calls += 1;
      return inner.find(input, options);
    },
    calls: () => calls,
  } as Finder & { calls: () => number };
}

// Spends all but `left` of the user's credits.
async function leaveCredits(user: { id: string; token: string }, left: number): Promise<void> {
  const balance = await balanceOf(user.token);
  await t.db.transaction((tx) =>
    applyCreditEntry(tx, {
      userId: user.id,
      kind: 'charge',
      amount: balance - left,
      idempotencyKey: `spent:${user.id}`,
    }),
  );
}

async function searchedPeople(requestId: string): Promise<number> {
  const rows = await t.db.execute<{ count: number }>(
    sql`select count(*)::int as count from lookalike_emails where request_id = ${requestId}`,
  );
  return rows.rows[0]?.count ?? 0;
}

describe('find the e-mails of a look-alike preview with few credits', () => {
  it('searches nobody when fewer credits are available than contacts to search: 402 with the number missing', async () => {
    const user = await activeUser(t);
    await putOnPaidPlan(t.db, user.id, { credits: 0, leadSearches: 5 });
    await leaveCredits(user, 1);
    const requestId = await completedSearch(user.id);
    const finder = countingFinder(60);

    const refusal = searchLookalikeEmails(
      { db: t.db, finder, logFailure: () => {} },
      { id: user.id, clientAddress: '127.0.0.1' },
      requestId,
      new AbortController().signal,
    );

    await expect(refusal).rejects.toMatchObject({
      statusCode: 402,
      message: 'You do not have enough credits... You need 1 more credits.',
      details: { needed: 1 },
    });
    expect(finder.calls()).toBe(0);
    expect(await searchedPeople(requestId)).toBe(0);
    expect(await balanceOf(user.token)).toBe(1);
  });

  it('searches every contact when as many credits are available, however many run at once', async () => {
    const user = await activeUser(t);
    await putOnPaidPlan(t.db, user.id, { credits: 0, leadSearches: 5 });
    await leaveCredits(user, 2);
    const requestId = await completedSearch(user.id);

    const answer = await searchLookalikeEmails(
      { db: t.db, finder: answeringFinder(60), logFailure: () => {} },
      { id: user.id, clientAddress: '127.0.0.1' },
      requestId,
      new AbortController().signal,
    );

    expect(answer.items.map((contact) => contact.exactEmailScore)).toEqual([60, 60]);
    expect(answer.items.every((contact) => contact.searched)).toBe(true);
    expect(await searchedPeople(requestId)).toBe(2);
    expect(await balanceOf(user.token)).toBe(2);
  });

  it('gives the stored answers back at a zero balance, when nobody is left to search', async () => {
    const user = await activeUser(t);
    await putOnPaidPlan(t.db, user.id, { credits: 0, leadSearches: 5 });
    await leaveCredits(user, 2);
    const requestId = await completedSearch(user.id);
    const deps = { db: t.db, finder: answeringFinder(99), logFailure: () => {} };
    const searcher = { id: user.id, clientAddress: '127.0.0.1' };
    const first = await searchLookalikeEmails(
      deps,
      searcher,
      requestId,
      new AbortController().signal,
    );
    expect(await balanceOf(user.token)).toBe(0);

    const again = await searchLookalikeEmails(
      deps,
      searcher,
      requestId,
      new AbortController().signal,
    );
    expect(again.items).toEqual(first.items);
  });

  it('does not keep searches cut short by a client that went away', async () => {
    const user = await activeUser(t);
    await putOnPaidPlan(t.db, user.id, { credits: 10, leadSearches: 5 });
    const requestId = await completedSearch(user.id);
    const stopped = new AbortController();
    const untilAborted: Finder = {
      find: async (_input, options) => {
        setTimeout(() => stopped.abort(), 20);
        await new Promise((resolve) => options?.signal?.addEventListener('abort', resolve));
        return { exactEmail: null, exactEmailScore: 0, error: 'Aborted', evidence: {} };
      },
    } as Finder;

    await searchLookalikeEmails(
      { db: t.db, finder: untilAborted, logFailure: () => {} },
      { id: user.id, clientAddress: '127.0.0.1' },
      requestId,
      stopped.signal,
    );
    expect(await searchedPeople(requestId)).toBe(0);

    const retried = await searchLookalikeEmails(
      { db: t.db, finder: answeringFinder(60), logFailure: () => {} },
      { id: user.id, clientAddress: '127.0.0.1' },
      requestId,
      new AbortController().signal,
    );
    expect(retried.items.map((contact) => contact.exactEmailScore)).toEqual([60, 60]);
  });
});
