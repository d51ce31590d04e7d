import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreadableUpload } from '../../platform/uploads/read-upload.ts';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { addCompanies } from '../companies/companies.test-kit.ts';
import { seedDemoCompanies } from '../companies/demo-seed.ts';
import { applyCreditEntry } from '../credits/credit-ledger.ts';
import { parseEventStream } from '../search/search.test-kit.ts';
import { listMessages } from './company-list.ts';
import { findLookalikes } from './engine.ts';
import {
  putOnPaidPlan,
  readLookalike,
  uploadList,
  waitForLookalike,
} from './lookalike.test-kit.ts';
import {
  createLookalikeRequest,
  type LookalikeItem,
  lookalikeMessages,
} from './lookalike-store.ts';
import { finish, runLookalikeRequest } from './processing.ts';
import { similarityThreshold } from './similarity.ts';
import { stem, textPipelineVersion } from './text-vectors.ts';
import { vectoriseNewCompanies } from './vector-store.ts';

let t: TestContext;
// Three demo companies of one industry, by domain and by name.
let list: Array<{ name: string; domain: string; industry: string }>;

beforeAll(async () => {
  t = await createTestContext({ jobs: true });
  await seedDemoCompanies(t.db);
  const found = await t.db.execute<{ name: string; domain: string; industry: string }>(sql`
    select name, domain, industry from companies where industry = 'computer_software'
    order by id limit 3`);
  list = found.rows;
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function paidUser(grant = { credits: 10, leadSearches: 5 }) {
  const user = await activeUser(t);
  await putOnPaidPlan(t.db, user.id, grant);
  return user;
}

async function leadSearchesOf(token: string): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/auth/user/balance',
    headers: { authorization: token },
  });
  return (response.json() as { leadSearchBalance: number }).leadSearchBalance;
}

const csvOf = (entries: string[]) => `company\n${entries.join('\n')}\n`;

describe('a look-alike search on the demo data', () => {
  it('runs the uploaded list as a job to a total and a preview, for one lead search', async () => {
    const user = await paidUser();
    const searchesBefore = await leadSearchesOf(user.token);
    const entries = [list[0]!.domain, list[1]!.name, `https://www.${list[2]!.domain}/about`];
    const response = await uploadList(t.app, user.token, 'peers.csv', csvOf(entries));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as LookalikeItem;
    expect(created).toMatchObject({
      status: 'processing',
      error: null,
      input: { fileName: 'peers.csv', length: 3 },
      result: null,
    });
    expect(await leadSearchesOf(user.token)).toBe(searchesBefore - 1);
    const [entry] = (
      await t.db.execute<{ lead_amount: number }>(
        sql`select lead_amount from credit_entries where idempotency_key = ${`lookalike:${created.requestId}`}`,
      )
    ).rows;
    expect(entry?.lead_amount).toBe(1);

    const done = await waitForLookalike(t.app, user.token, created.requestId);
    expect(done.status).toBe('completed');
    expect(done.result?.totalCount).toBeGreaterThan(0);
    expect(done.result?.recognised).toBe(3);
    const preview = done.result?.preview ?? [];
    expect(preview.length).toBeGreaterThan(0);
    expect(preview.length).toBeLessThanOrEqual(100);
    // The list's own companies are not look-alikes of themselves.
    const own = new Set(list.map((company) => company.domain));
    expect(preview.some((contact) => own.has(contact.website))).toBe(false);
    expect(preview[0]).toMatchObject({ exactEmail: null, exactEmailScore: null, searched: false });
    expect(Object.keys(preview[0]!).sort()).toEqual(
      [
        'companyName',
        'exactEmail',
        'exactEmailScore',
        'fname',
        'id',
        'jobTitle',
        'lname',
        'linkedinUrl',
        'location',
        'reasons',
        'searched',
        'verdict',
        'website',
      ].sort(),
    );

    // What is kept for the preview is the companies the total counts: none below the threshold.
    const kept = await t.db.execute<{ n: number; lowest: number }>(sql`
      select count(*)::int as n, min(score)::float as lowest from lookalike_results
      where request_id = ${created.requestId}`);
    expect(kept.rows[0]?.n).toBeLessThanOrEqual(done.result?.totalCount ?? 0);
    expect(kept.rows[0]?.lowest).toBeGreaterThanOrEqual(similarityThreshold);
    // The preview's contacts work at those companies only.
    const keptCompanies = await t.db.execute<{ domain: string }>(sql`
      select c.domain from lookalike_results r join companies c on c.id = r.company_id
      where r.request_id = ${created.requestId}`);
    const similar = new Set(keptCompanies.rows.map((row) => row.domain));
    expect(preview.every((contact) => similar.has(contact.website))).toBe(true);

    // Most of the best-ranked companies share the list's industry.
    const top = await t.db.execute<{ industry: string }>(sql`
      select c.industry from lookalike_results r join companies c on c.id = r.company_id
      where r.request_id = ${created.requestId} order by r.rank limit 10`);
    const same = top.rows.filter((row) => row.industry === 'computer_software').length;
    expect(same).toBeGreaterThanOrEqual(6);

    // Each row says why its company is similar: a company of the list's industry names it.
    const industryOf = new Map(
      (
        await t.db.execute<{ domain: string; industry: string }>(sql`
          select domain, industry from companies
          where domain = any(${sql.param(preview.map((contact) => contact.website))}::text[])`)
      ).rows.map((row) => [row.domain, row.industry]),
    );
    const sameIndustry = preview.filter(
      (contact) => industryOf.get(contact.website) === 'computer_software',
    );
    expect(sameIndustry.length).toBeGreaterThan(0);
    for (const contact of sameIndustry) {
      expect(contact.reasons).toContainEqual({ kind: 'industry', label: 'Computer Software' });
    }
    expect(preview.every((contact) => contact.reasons.length > 0)).toBe(true);

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/search-history/lookalike?page=1&perPage=10',
      headers: { authorization: user.token },
    });
    expect(history.json()).toMatchObject({
      items: [
        {
          requestId: created.requestId,
          status: 'completed',
          result: { totalCount: done.result?.totalCount },
        },
      ],
      currentPage: 1,
      totalPages: 1,
      totalItems: 1,
    });
    expect(history.json().items[0].result.preview).toBeUndefined();
  });

  it('streams update events while processing, the last one final with the preview', async () => {
    const user = await paidUser();
    // A request without a queued job, so the test decides when it is processed.
    const requestId = await createLookalikeRequest(t.db, undefined, {
      userId: user.id,
      fileName: 'stream.txt',
      entries: list.map((company) => company.domain),
    });
    const streaming = t.app.inject({
      method: 'GET',
      url: `/api/search-history/lookalike/${requestId}`,
      headers: { authorization: user.token, accept: 'text/event-stream' },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await runLookalikeRequest(t.db, requestId);
    const stream = await streaming;
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const { events } = parseEventStream(stream.body);
    expect(events.every((event) => event.event === 'update')).toBe(true);
    const items = events.map((event) => event.data as unknown as LookalikeItem);
    expect(items[0]?.status).toBe('processing');
    expect(items.at(-1)?.status).toBe('completed');
    expect(items.at(-1)?.result?.preview?.length).toBeGreaterThan(0);

    const again = await t.app.inject({
      method: 'GET',
      url: `/api/search-history/lookalike/${requestId}`,
      headers: { authorization: user.token, accept: 'text/event-stream' },
    });
    expect(again.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('a list with companies the database does not know', () => {
  it('says how many of its companies were recognised, in the item and the history', async () => {
    const user = await paidUser();
    const requestId = await createLookalikeRequest(t.db, undefined, {
      userId: user.id,
      fileName: 'partly-known.csv',
      entries: [list[0]!.domain, list[1]!.domain, 'nowhere-at-all.example'],
    });
    await runLookalikeRequest(t.db, requestId);
    const item = await readLookalike(t.app, user.token, requestId);
    expect(item).toMatchObject({ status: 'completed', input: { length: 3 } });
    expect(item.result?.recognised).toBe(2);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/search-history/lookalike',
      headers: { authorization: user.token },
    });
    expect(history.json().items[0]).toMatchObject({ requestId, result: { recognised: 2 } });
  });
});

describe("the source's industry names", () => {
  it('find the companies sharing the name even with no product industry or common words', async () => {
    // Conglomerates: the product's list has no such industry, and their descriptions share
    // no rare word; only the name the source gave their industry ties them.
    const descriptions = [
      'Quorvex blintar.',
      'Zephod marlune.',
      'Vantrix oloreth.',
      'Krisp dallow.',
    ];
    const ids = await addCompanies(
      t.db,
      descriptions.map((description, index) => ({
        name: `Zaibatsu ${index}`,
        domain: `zaibatsu-${index}.example`,
        sourceIndustry: 'conglomerate',
        description,
      })),
    );
    await vectoriseNewCompanies(t.db);
    const list = [0, 1, 2].map((index) => ids.get(`zaibatsu-${index}.example`)!);
    const { ranked } = await findLookalikes(t.db, list);
    expect(ranked.map((entry) => entry.companyId)).toEqual([ids.get('zaibatsu-3.example')]);
  });
});

describe('stored description vectors', () => {
  async function termsOf(companyId: number): Promise<string[]> {
    const result = await t.db.execute<{ terms: string[] }>(
      sql`select terms from company_vectors where company_id = ${companyId}`,
    );
    return result.rows[0]?.terms ?? [];
  }

  it("follow a company's changed description, and one a transaction open during a check wrote", async () => {
    const ids = await addCompanies(t.db, [
      { name: 'Glimmer Works', domain: 'glimmer-works.example', description: 'Retail stores.' },
      { name: 'Late Writer', domain: 'late-writer.example', description: 'Banking loans.' },
    ]);
    await vectoriseNewCompanies(t.db);
    const glimmer = ids.get('glimmer-works.example')!;
    const late = ids.get('late-writer.example')!;
    expect(await termsOf(glimmer)).toContain(stem('retail'));

    // A transaction changes a company and stays open while the next check runs: its row
    // carries the transaction's start, earlier than the changes that check covers.
    const writer = await t.pool.connect();
    try {
      await writer.query('begin');
      await writer.query(
        "update companies set description = 'Insurance claims.', updated_at = now() where id = $1",
        [late],
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      await addCompanies(t.db, [
        {
          name: 'Glimmer Works',
          domain: 'glimmer-works.example',
          description: 'Hospital patients.',
        },
      ]);
      await vectoriseNewCompanies(t.db);
      expect(await termsOf(glimmer)).toContain(stem('hospital'));
      await writer.query('commit');
    } finally {
      writer.release();
    }
    await vectoriseNewCompanies(t.db);
    expect(await termsOf(late)).toContain(stem('insurance'));
  });

  it('check only the companies changed since the last check', async () => {
    await vectoriseNewCompanies(t.db);
    const [corpus] = (
      await t.db.execute<{ checked_from: string }>(
        sql`select vectors_through::text as checked_from from description_corpus`,
      )
    ).rows;
    // A change from before that time that the check did not vectorise is not looked at again
    // (there can be none: every transaction that wrote before it had committed).
    await t.db.execute(sql`
      update companies set description = 'Insurance claims.',
        updated_at = ${corpus!.checked_from}::timestamptz - interval '1 second'
      where domain = 'glimmer-works.example'`);
    expect(await vectoriseNewCompanies(t.db)).toBe(0);
  });

  it('are computed again when the text pipeline changed since they were stored', async () => {
    const [company] = (
      await t.db.execute<{ id: number }>(
        sql`select id::int as id from companies where description is not null order by id limit 1`,
      )
    ).rows;
    // As an older pipeline left them: other terms, another version.
    await t.db.execute(
      sql`update description_corpus set text_version = ${textPipelineVersion - 1}`,
    );
    await t.db.execute(
      sql`update company_vectors set terms = '{oldterm}', weights = '{1}' where company_id = ${company!.id}`,
    );
    await vectoriseNewCompanies(t.db);
    const [stored] = (
      await t.db.execute<{ terms: string[] }>(
        sql`select terms from company_vectors where company_id = ${company!.id}`,
      )
    ).rows;
    expect(stored?.terms).not.toContain('oldterm');
    expect(stored?.terms.length).toBeGreaterThan(0);
    const [corpus] = (
      await t.db.execute<{ text_version: number }>(sql`select text_version from description_corpus`)
    ).rows;
    expect(corpus?.text_version).toBe(textPipelineVersion);
  });
});

describe('a failed search', () => {
  it('gives its lead search back, once', async () => {
    const user = await paidUser();
    const searchesBefore = await leadSearchesOf(user.token);
    // The list's companies are gone by the time the job runs.
    const gone = await createLookalikeRequest(t.db, undefined, {
      userId: user.id,
      fileName: 'gone.csv',
      entries: ['nowhere-at-all.example'],
    });
    // The job fails for good: the dead-letter handler may run more than once.
    const crashed = await createLookalikeRequest(t.db, undefined, {
      userId: user.id,
      fileName: 'crashed.csv',
      entries: [list[0]!.domain],
    });
    expect(await leadSearchesOf(user.token)).toBe(searchesBefore - 2);

    await runLookalikeRequest(t.db, gone);
    await finish(t.db, crashed, { error: lookalikeMessages.failed });
    await finish(t.db, crashed, { error: lookalikeMessages.failed });

    expect(await readLookalike(t.app, user.token, gone)).toMatchObject({
      status: 'error',
      error: lookalikeMessages.noCompanies,
    });
    expect(await readLookalike(t.app, user.token, crashed)).toMatchObject({
      status: 'error',
      error: lookalikeMessages.failed,
    });
    expect(await leadSearchesOf(user.token)).toBe(searchesBefore);
  });

  it('keeps the lead search of a search that completed', async () => {
    const user = await paidUser();
    const searchesBefore = await leadSearchesOf(user.token);
    const done = await createLookalikeRequest(t.db, undefined, {
      userId: user.id,
      fileName: 'done.csv',
      entries: [list[0]!.domain],
    });
    await runLookalikeRequest(t.db, done);
    // A late dead-letter run does not turn a completed search into a failed one.
    await finish(t.db, done, { error: lookalikeMessages.failed });
    expect((await readLookalike(t.app, user.token, done)).status).toBe('completed');
    expect(await leadSearchesOf(user.token)).toBe(searchesBefore - 1);
  });
});

describe('refusals', () => {
  it('needs a paid plan (403) and writes nothing', async () => {
    const user = await activeUser(t);
    const before = await t.countRows('lookalike_requests');
    const response = await uploadList(t.app, user.token, 'a.csv', csvOf([list[0]!.domain]));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'Look-alike search needs a paid plan.' });
    expect(await t.countRows('lookalike_requests')).toBe(before);
  });

  it('needs a lead search left (402)', async () => {
    const user = await paidUser();
    const left = await leadSearchesOf(user.token);
    await t.db.transaction((tx) =>
      applyCreditEntry(tx, {
        userId: user.id,
        kind: 'charge',
        amount: 0,
        leadAmount: left,
        idempotencyKey: `spent:${user.id}`,
      }),
    );
    const response = await uploadList(t.app, user.token, 'a.csv', csvOf([list[0]!.domain]));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ message: 'No lead searches left' });
  });

  it('refuses empty, unreadable and unrecognised lists with 400, creating nothing', async () => {
    const user = await paidUser();
    const searchesBefore = await leadSearchesOf(user.token);
    const before = await t.countRows('lookalike_requests');
    const cases: Array<[string | Buffer, string]> = [
      ['', listMessages.empty],
      [Buffer.from([0, 1, 2, 3, 4, 5]), listMessages.unreadable],
      ['nowhere-at-all.example\nQwxzv Plonk Holdings\n', listMessages.noneRecognised],
    ];
    for (const [content, message] of cases) {
      const response = await uploadList(t.app, user.token, 'bad.csv', content);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    expect(await t.countRows('lookalike_requests')).toBe(before);
    expect(await leadSearchesOf(user.token)).toBe(searchesBefore);
  });

  it('answers a file over 1 MB with 413 and a cut upload with 400, in words, creating nothing', async () => {
    const user = await paidUser();
    const before = await t.countRows('lookalike_requests');
    const big = await uploadList(t.app, user.token, 'big.csv', 'a'.repeat(1024 * 1024 + 1));
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json()).toMatchObject({ message: listMessages.tooLarge });
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/lookalike',
      headers: { authorization: user.token, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nAcme',
    });
    expect(cut.statusCode, cut.body).toBe(400);
    expect(cut.json()).toMatchObject({ message: unreadableUpload });
    expect(await t.countRows('lookalike_requests')).toBe(before);
  });

  it('shows a user only their own searches', async () => {
    const owner = await paidUser();
    const stranger = await paidUser();
    const requestId = await createLookalikeRequest(t.db, undefined, {
      userId: owner.id,
      fileName: 'mine.csv',
      entries: [list[0]!.domain],
    });
    await runLookalikeRequest(t.db, requestId);
    expect((await readLookalike(t.app, owner.token, requestId)).status).toBe('completed');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/search-history/lookalike/${requestId}`,
      headers: { authorization: stranger.token },
    });
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toMatchObject({ message: lookalikeMessages.notFound });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/search-history/lookalike',
      headers: { authorization: stranger.token },
    });
    expect(history.json()).toMatchObject({ items: [], totalItems: 0 });
    const emails = await t.app.inject({
      method: 'POST',
      url: '/api/lookalike/search-emails',
      payload: { requestId },
      headers: { authorization: stranger.token },
    });
    expect(emails.statusCode).toBe(404);
    const guest = await t.app.inject({ method: 'GET', url: '/api/search-history/lookalike' });
    expect(guest.statusCode).toBe(401);
  });
});
