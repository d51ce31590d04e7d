import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BulkPreview, DomainSearchAnswer } from '@mailhound/contracts';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../platform/http.ts';
import { migrationsFolder } from '../../platform/migrations.ts';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createApiKey } from '../api-keys/api-keys.test-kit.ts';
import { readItem, toCsv, upload, waitUntilDone } from '../bulk/bulk.test-kit.ts';
import type { BulkItem } from '../bulk/bulk-store.ts';
import { addCompanies, addPeople } from '../companies/companies.test-kit.ts';
import { payForResults } from '../files/service.ts';
import { v2 } from '../public-api/public-api.test-kit.ts';
import { labEnv, postSearch } from '../search/search.test-kit.ts';
import { beginSearch, settleSearch } from '../search/search-records.ts';
import { balancesOf } from './credits.test-kit.ts';
import { creditEntries, paidAddresses } from './schema.ts';

// An address is paid for once (issue: duplicates are free across every search method): a
// single search, the public API's email-finder and a bulk result all pay through credits'
// paid_addresses, so finding a paid address again anywhere costs nothing.

let lab: MailLab;
let t: TestContext;

beforeAll(async () => {
  lab = await startMailLab({
    hosts: [{ name: 'mx.acme.test', address: '127.0.41.2' }],
    domains: [
      {
        name: 'acme.test',
        mx: [{ priority: 10, host: 'mx.acme.test' }],
        mailboxes: ['ann.lee', 'bob.ray', 'cat.cole', 'dan.day'],
      },
    ],
  });
  t = await createTestContext({ jobs: true, env: labEnv(lab) });
  await addCompanies(t.db, [{ name: 'Acme Inc', domain: 'acme.test' }]);
  await addPeople(t.db, [
    { firstName: 'Ann', lastName: 'Lee', jobTitle: 'Sales Manager', companyDomain: 'acme.test' },
    { firstName: 'Bob', lastName: 'Ray', jobTitle: 'Sales Manager', companyDomain: 'acme.test' },
    { firstName: 'Eve', lastName: 'Oak', jobTitle: 'Sales Manager', companyDomain: 'acme.test' },
  ]);
});
afterAll(async () => {
  await t.close();
  await lab.close();
});

const ann = { firstName: 'Ann', lastName: 'Lee', companyWebsite: 'acme.test' };

async function get(app: App, url: string, token: string) {
  return app.inject({ method: 'GET', url, headers: { authorization: token } });
}

async function completedUpload(token: string, content: string) {
  const response = await upload(t.app, token, 'people.csv', content);
  expect(response.statusCode, response.body).toBe(201);
  return waitUntilDone(t.app, token, (response.json() as BulkItem).requestId);
}

// A list of one person at acme.test.
function personAtAcme(firstName: string, lastName: string): string {
  return toCsv([
    ['First Name', 'Last Name', 'Company Website'],
    [firstName, lastName, 'acme.test'],
  ]);
}

async function previewOf(token: string, requestId: string): Promise<BulkPreview> {
  const response = await get(t.app, `/api/file/${requestId}/preview`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BulkPreview;
}

async function bulkCharges(userId: string) {
  return t.db
    .select({ amount: creditEntries.amount })
    .from(creditEntries)
    .where(
      sql`${creditEntries.userId} = ${userId} and ${like(creditEntries.idempotencyKey, 'bulk_purchase:%')}`,
    );
}

describe('a single search', () => {
  it('charges an address once: the same person searched again costs nothing and says charged: false', async () => {
    const user = await activeUser(t);
    const first = await postSearch(t.app, ann, user);
    expect(first.last?.data).toMatchObject({ exactEmail: 'ann.lee@acme.test', charged: true });
    const again = await postSearch(t.app, ann, user);
    expect(again.last?.data).toMatchObject({
      exactEmail: 'ann.lee@acme.test',
      exactEmailScore: 99,
      charged: false,
    });
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 24, onHold: 0 });

    // Another user pays for it as usual: what one user paid for is theirs.
    const other = await activeUser(t);
    const theirs = await postSearch(t.app, ann, other);
    expect(theirs.last?.data).toMatchObject({ charged: true });
    expect(await balancesOf(t.db, other.id)).toEqual({ balance: 24, onHold: 0 });
  });

  it('makes a /v2 email-finder find of that address free, and the reverse', async () => {
    const user = await activeUser(t);
    const { key } = await createApiKey(t, user.token);
    await postSearch(t.app, ann, user);
    const found = await v2(
      t.app,
      'email-finder?domain=acme.test&first_name=Ann&last_name=Lee',
      key,
    );
    expect(found.statusCode).toBe(200);
    expect(found.body.data).toMatchObject({ email: 'ann.lee@acme.test', score: 99 });
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 24, onHold: 0 });

    const bob = await v2(t.app, 'email-finder?domain=acme.test&first_name=Bob&last_name=Ray', key);
    expect(bob.body.data).toMatchObject({ email: 'bob.ray@acme.test' });
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 23, onHold: 0 });
    const web = await postSearch(t.app, { ...ann, firstName: 'Bob', lastName: 'Ray' }, user);
    expect(web.last?.data).toMatchObject({ exactEmail: 'bob.ray@acme.test', charged: false });
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 23, onHold: 0 });
  });
});

// Ann, whom the user bought in single search; Bob found, and Bob again as an address to verify
// (the finder calls two find rows giving one address nobody's exact match, so the same person
// twice in one list is a find and a verification); Zed is not found.
const people = toCsv([
  ['First Name', 'Last Name', 'Company Website', 'Email'],
  ['Ann', 'Lee', 'acme.test', ''],
  ['Bob', 'Ray', 'acme.test', ''],
  ['', '', '', 'Bob.Ray@ACME.test'],
  ['Zed', 'Nobody', 'acme.test', ''],
]);

describe('a bulk result', () => {
  it('costs its distinct verified addresses not paid for yet; the same list again is free', async () => {
    const user = await activeUser(t);
    await postSearch(t.app, ann, user);
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 24, onHold: 0 });

    // Three verified rows, one credit: Bob's. The row verifying Bob's address is only counted
    // until the result is bought (it may cost a credit: its address is Bob's, one credit).
    const item = await completedUpload(user.token, people);
    expect(item.result).toMatchObject({ verifiedCount: 2, toVerify: 1, credits: 1 });
    expect(await previewOf(user.token, item.requestId)).toMatchObject({ paid: false, credits: 1 });
    const full = await get(t.app, `/api/file/${item.requestId}/result/full`, user.token);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.body).toContain('ann.lee@acme.test');
    expect(full.body).toContain('bob.ray@acme.test');
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 23, onHold: 0 });
    expect(await bulkCharges(user.id)).toEqual([{ amount: 1 }]);
    const bought = await readItem(t.app, user.token, item.requestId);
    expect(bought.purchases).toEqual([
      { id: expect.any(String), credits: 1, createdAt: expect.any(String) },
    ]);
    expect(bought.result).toMatchObject({ credits: 0 });

    // The same file again: every address is paid for, the download is free and says so.
    const again = await completedUpload(user.token, people);
    expect(again.result).toMatchObject({ verifiedCount: 2, toVerify: 1, credits: 0 });
    expect(await previewOf(user.token, again.requestId)).toMatchObject({ paid: false, credits: 0 });
    const free = await get(t.app, `/api/file/${again.requestId}/result/success`, user.token);
    expect(free.statusCode, free.body).toBe(200);
    expect(free.body).toContain('bob.ray@acme.test');
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 23, onHold: 0 });
    expect(await bulkCharges(user.id)).toEqual([{ amount: 1 }]);
    expect((await readItem(t.app, user.token, again.requestId)).purchases).toEqual([
      { id: expect.any(String), credits: 0, createdAt: expect.any(String) },
    ]);

    // What the result bought is paid for everywhere: a single search of Bob is free.
    const bob = await postSearch(t.app, { ...ann, firstName: 'Bob', lastName: 'Ray' }, user);
    expect(bob.last?.data).toMatchObject({ exactEmail: 'bob.ray@acme.test', charged: false });
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 23, onHold: 0 });
  });

  it('shows its bought addresses in full in Domain Search, and the others masked', async () => {
    const user = await activeUser(t);
    const item = await completedUpload(user.token, personAtAcme('Bob', 'Ray'));
    const emailOf = async (fname: string) => {
      const answer = await get(t.app, '/api/domain-search?domain=acme.test', user.token);
      expect(answer.statusCode, answer.body).toBe(200);
      const found = (answer.json() as DomainSearchAnswer).people.items;
      return found.find((person) => person.fname === fname)?.email;
    };
    expect(await emailOf('Bob')).toBe('b•••@acme.test');
    await get(t.app, `/api/file/${item.requestId}/result/full`, user.token);
    expect(await emailOf('Bob')).toBe('bob.ray@acme.test');
    expect(await emailOf('Eve')).toBe('e•••@acme.test');
  });
});

describe('two payments of one address at once', () => {
  it('a search settling and a bulk download of the same address charge once', async () => {
    const user = await activeUser(t);
    const item = await completedUpload(user.token, personAtAcme('Cat', 'Cole'));
    const id = randomUUID();
    const searcher = { kind: 'user' as const, userId: user.id, clientAddress: '10.0.0.1' };
    const query = { firstName: 'Cat', lastName: 'Cole', companyWebsite: 'acme.test' };
    expect(await beginSearch(t.db, { id, searcher, query })).toEqual({ ok: true });

    // A transaction holding the user's credit account keeps both payments in flight together:
    // each has claimed or is claiming the address when it is let go.
    const release = Promise.withResolvers<void>();
    const held = Promise.withResolvers<void>();
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from credit_accounts where user_id = ${user.id} for update`);
      held.resolve();
      await release.promise;
    });
    await held.promise;
    const outcome = { exactEmail: 'Cat.Cole@acme.test', score: 99, error: null, evidence: {} };
    const payments = Promise.all([
      settleSearch(t.db, { id, outcome }),
      payForResults(t.db, { id: item.requestId, userId: user.id }),
    ]);
    for (;;) {
      const waiting = await t.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'
           and (query like '%paid_addresses%' or query like '%credit_accounts%')`,
      );
      if ((waiting.rows[0]?.n ?? 0) >= 2) break;
      await new Promise((done) => setTimeout(done, 20));
    }
    release.resolve();
    await holder;
    const [search] = await payments;

    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 24, onHold: 0 });
    const paidFor = await t.db
      .select({ amount: creditEntries.amount, key: creditEntries.idempotencyKey })
      .from(creditEntries)
      .where(sql`${creditEntries.userId} = ${user.id} and ${creditEntries.kind} = 'charge'`);
    expect(paidFor).toHaveLength(1);
    const purchase = (await readItem(t.app, user.token, item.requestId)).purchases[0];
    expect(purchase?.credits).toBe(search.charged ? 0 : 1);
    expect(
      await t.db.select().from(paidAddresses).where(eq(paidAddresses.userId, user.id)),
    ).toMatchObject([{ email: 'cat.cole@acme.test' }]);
  });
});

// A migration's hand-written statement: the one holding `marker`.
function migrationStatement(file: string, marker: string): string {
  const migration = readFileSync(join(migrationsFolder, file), 'utf8');
  const statement = migration
    .split('--> statement-breakpoint')
    .find((part) => part.includes(marker));
  if (!statement) throw new Error(`${file} has no statement with ${marker}`);
  return statement;
}

// The statement that fills paid_addresses from what was paid before.
const backFill = () =>
  migrationStatement('0037_paid-addresses.sql', 'INSERT INTO "paid_addresses"');

describe('the migration back-fill', () => {
  it('keeps what was paid before it: a charged search and a bought bulk result make later finds free', async () => {
    const user = await activeUser(t);
    await postSearch(t.app, ann, user);
    const item = await completedUpload(user.token, personAtAcme('Dan', 'Day'));
    await get(t.app, `/api/file/${item.requestId}/result/full`, user.token);
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 23, onHold: 0 });
    // As before the migration: the history and the purchase, no paid addresses.
    await t.db.delete(paidAddresses).where(eq(paidAddresses.userId, user.id));
    await t.pool.query(backFill());
    const kept = await t.db
      .select({ email: paidAddresses.email })
      .from(paidAddresses)
      .where(eq(paidAddresses.userId, user.id))
      .orderBy(paidAddresses.email);
    expect(kept).toEqual([{ email: 'ann.lee@acme.test' }, { email: 'dan.day@acme.test' }]);

    const again = await postSearch(t.app, ann, user);
    expect(again.last?.data).toMatchObject({ charged: false });
    const dan = await postSearch(t.app, { ...ann, firstName: 'Dan', lastName: 'Day' }, user);
    expect(dan.last?.data).toMatchObject({ exactEmail: 'dan.day@acme.test', charged: false });
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 23, onHold: 0 });
  });
});

// Migration 0040's hand-written clean-up of the verdicts bulk processing used to save before a
// result was bought.
const cleanUp = () =>
  migrationStatement('0040_bulk-verdicts-withheld.sql', 'DELETE FROM "address_verdicts"');

describe('the migration clean-up of verdicts from unbought results', () => {
  it("removes a verdict only an unbought result gave, and keeps one the user's single search gave", async () => {
    const user = await activeUser(t);
    // Ann bought in single search, then in an unbought list as the old code saved it over the
    // search's own (the same verdict); Bob only in the unbought list.
    await postSearch(t.app, ann, user);
    const item = await completedUpload(
      user.token,
      toCsv([
        ['First Name', 'Last Name', 'Company Website'],
        ['Ann', 'Lee', 'acme.test'],
        ['Bob', 'Ray', 'acme.test'],
      ]),
    );
    await t.pool.query(
      `insert into address_verdicts (user_id, email, verdict)
       select $1, lower(verdict->>'email'), verdict from bulk_rows
       where request_id = $2 and verdict is not null
       on conflict (user_id, email) do update set verdict = excluded.verdict`,
      [user.id, item.requestId],
    );
    await t.pool.query(cleanUp());
    const kept = await t.pool.query<{ email: string }>(
      'select email from address_verdicts where user_id = $1 order by email',
      [user.id],
    );
    expect(kept.rows).toEqual([{ email: 'ann.lee@acme.test' }]);
  });
});
