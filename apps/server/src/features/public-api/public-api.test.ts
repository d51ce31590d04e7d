import type { AddressInfo } from 'node:net';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, unverifiedUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createApiKey } from '../api-keys/api-keys.test-kit.ts';
import { apiUsage } from '../api-keys/schema.ts';
import { addCompanies, addPeople } from '../companies/companies.test-kit.ts';
import { balancesOf, userWithCredits } from '../credits/credits.test-kit.ts';
import { createMailRouteLookup } from '../domain-search/index.ts';
import { createPgPatternStore } from '../search/index.ts';
import { labEnv } from '../search/search.test-kit.ts';
import { searchDomainForApi } from './domain-search.ts';
import { endpoints } from './endpoints.ts';
import { domainSearchQuerySchema } from './hunter-schemas.ts';
import { hunterDepartments } from './hunter-vocabulary.ts';
import { callClient, hunterClientAt, secondApiProcess, v2 } from './public-api.test-kit.ts';

let lab: MailLab;
let t: TestContext;

beforeAll(async () => {
  lab = await startMailLab({
    hosts: [{ name: 'mx.acme.test', address: '127.0.23.2' }],
    domains: [
      { name: 'acme.test', mx: [{ priority: 10, host: 'mx.acme.test' }], mailboxes: ['ann.lee'] },
      { name: 'catchall.test', mx: [{ priority: 10, host: 'mx.acme.test' }], catchAll: true },
      {
        name: 'people.test',
        mx: [{ priority: 10, host: 'mx.acme.test' }],
        mailboxes: ['jane.doe'],
      },
    ],
  });
  t = await createTestContext({ env: labEnv(lab) });
  await addCompanies(t.db, [
    { name: 'People Inc', domain: 'people.test', industry: 'computer_software', country: 'FR' },
  ]);
  await addPeople(t.db, [
    {
      firstName: 'Jane',
      lastName: 'Doe',
      jobTitle: 'Chief Executive Officer',
      companyDomain: 'people.test',
    },
    { firstName: null, lastName: null, jobTitle: 'Sales team', companyDomain: 'people.test' },
    ...Array.from({ length: 13 }, (_, index) => ({
      firstName: `Eng${String.fromCharCode(97 + index)}`,
      lastName: 'Coder',
      jobTitle: 'Software Engineer',
      companyDomain: 'people.test',
    })),
  ]);
});
afterAll(async () => {
  await t.close();
  await lab.close();
});

async function userWithKey(credits?: number) {
  const user = credits === undefined ? await activeUser(t) : await userWithCredits(t, credits);
  const { key, id } = await createApiKey(t, user.token);
  return { ...user, key, keyId: id };
}

async function usageOf(keyId: string) {
  return t.db
    .select({ endpoint: apiUsage.endpoint, status: apiUsage.status, credits: apiUsage.credits })
    .from(apiUsage)
    .where(eq(apiUsage.keyId, keyId))
    .orderBy(apiUsage.id);
}

describe('/v2 keys', () => {
  it('takes the key as api_key, X-API-KEY or Authorization: Bearer', async () => {
    const { key, username } = await userWithKey();
    for (const request of [
      { url: `/v2/account?api_key=${key}`, headers: {} },
      { url: '/v2/account', headers: { 'x-api-key': key } },
      { url: '/v2/account', headers: { authorization: `Bearer ${key}` } },
    ]) {
      const response = await t.app.inject({ method: 'GET', ...request });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.email).toBe(username.toLowerCase());
    }
  });

  it("answers 401 in Hunter's error shape without a key, with an unknown one or a login token", async () => {
    const user = await activeUser(t);
    const missing = await v2(t.app, 'email-finder?domain=acme.test');
    expect(missing.statusCode).toBe(401);
    expect(missing.body.errors[0]).toMatchObject({ id: 'authentication_failed', code: 401 });
    expect(missing.body.errors[0].details).toMatch(/api_key/);

    const unknown = await v2(t.app, 'account', `mh_${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toEqual({
      errors: [
        {
          id: 'authentication_failed',
          code: 401,
          details: 'No user found for the API key supplied',
        },
      ],
    });
    const tokenAsBearer = await t.app.inject({
      method: 'GET',
      url: '/v2/account',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(tokenAsBearer.statusCode).toBe(401);
  });

  it('works for /v2 only: a key is not a login token for /api', async () => {
    const { key } = await userWithKey();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/api-keys',
      headers: { authorization: key },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a revoked key at once, in every API process', async () => {
    const user = await activeUser(t);
    const { key, id } = await createApiKey(t, user.token);
    const other = await secondApiProcess(t);
    try {
      expect((await v2(other, 'account', key)).statusCode).toBe(200);
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/api/api-keys/${id}`,
        headers: { authorization: user.token },
      });
      expect(revoked.statusCode).toBe(200);
      for (const app of [t.app, other]) {
        const answer = await v2(app, 'account', key);
        expect(answer.statusCode).toBe(401);
        expect(answer.body.errors[0].id).toBe('authentication_failed');
      }
    } finally {
      await other.close();
    }
  });

  it('answers 403 for an account whose address is not verified yet', async () => {
    const user = await unverifiedUser(t);
    const { key } = await createApiKey(t, user.token);
    const answer = await v2(t.app, 'account', key);
    expect(answer.statusCode).toBe(403);
    expect(answer.body.errors[0]).toMatchObject({ id: 'restricted_account', code: 403 });
  });

  it("answers an unknown /v2 path 404 in Hunter's shape", async () => {
    const { key } = await userWithKey();
    const answer = await v2(t.app, 'nothing-here', key);
    expect(answer.statusCode).toBe(404);
    expect(answer.body.errors[0]).toMatchObject({ id: 'not_found', code: 404 });
  });
});

describe('GET /v2/email-finder', () => {
  it('finds and verifies an address, takes one credit and writes a usage row saying so', async () => {
    const { key, keyId, id } = await userWithKey(5);
    const answer = await v2(
      t.app,
      'email-finder?domain=acme.test&first_name=Ann&last_name=Lee',
      key,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann.lee@acme.test',
      score: 99,
      domain: 'acme.test',
      accept_all: false,
      position: null,
      twitter: null,
      linkedin_url: null,
      phone_number: null,
      sources: [],
      verification: { status: 'valid' },
    });
    expect(answer.body.data.verification.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(answer.body.meta.params).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      full_name: null,
      domain: 'acme.test',
      company: null,
      max_duration: null,
    });
    expect(await balancesOf(t.db, id)).toEqual({ balance: 4, onHold: 0 });
    expect(await usageOf(keyId)).toEqual([{ endpoint: 'email-finder', status: 200, credits: 1 }]);
  });

  it('splits full_name and charges nothing below score 95 (catch-all)', async () => {
    const { key, keyId, id } = await userWithKey(5);
    const answer = await v2(t.app, 'email-finder/?domain=catchall.test&full_name=Ann%20Lee', key);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      accept_all: true,
      verification: { status: 'accept_all' },
    });
    expect(answer.body.data.score).toBeLessThan(95);
    expect(await balancesOf(t.db, id)).toEqual({ balance: 5, onHold: 0 });
    expect(await usageOf(keyId)).toEqual([{ endpoint: 'email-finder', status: 200, credits: 0 }]);
  });

  it("resolves a company name and tells the person's company and position we know", async () => {
    const { key } = await userWithKey(5);
    const answer = await v2(t.app, 'email-finder?company=People%20Inc&full_name=Jane%20Doe', key);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toMatchObject({
      email: 'jane.doe@people.test',
      domain: 'people.test',
      company: 'People Inc',
      position: 'Chief Executive Officer',
    });
    expect(answer.body.meta.params).toMatchObject({ company: 'People Inc', domain: null });
  });

  it('refuses bad input with a 400 in words and spends nothing', async () => {
    const { key, keyId, id } = await userWithKey(5);
    const cases: [string, RegExp][] = [
      ['first_name=Ann&last_name=Lee', /missing the domain or company/],
      ['domain=acme.test', /first_name and last_name/],
      ['domain=acme.test&full_name=Ann', /first and a last name/],
      ['domain=not%20a%20domain&first_name=Ann&last_name=Lee', /Invalid domain/],
      ['domain=acme.test&first_name=Ann&last_name=Lee&max_duration=99', /max_duration/],
      [`domain=acme.test&first_name=${'a'.repeat(51)}&last_name=Lee`, /first_name/],
      ['domain=acme.test&domain=b.test&first_name=Ann&last_name=Lee', /domain/],
    ];
    for (const [query, details] of cases) {
      const answer = await v2(t.app, `email-finder?${query}`, key);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({ id: 'wrong_params', code: 400 });
      expect(answer.body.errors[0].details, query).toMatch(details);
    }
    expect(await balancesOf(t.db, id)).toEqual({ balance: 5, onHold: 0 });
    expect((await usageOf(keyId)).every((row) => row.status === 400 && row.credits === 0)).toBe(
      true,
    );
  });

  it('answers 429 usage_limit_reached with no credit left', async () => {
    const { key } = await userWithKey(0);
    const answer = await v2(
      t.app,
      'email-finder?domain=acme.test&first_name=Ann&last_name=Lee',
      key,
    );
    expect(answer.statusCode).toBe(429);
    expect(answer.body.errors[0]).toMatchObject({ id: 'usage_limit_reached', code: 429 });
  });

  it('takes one credit from 50 parallel calls for one address on 10 credits (five keys of one user)', async () => {
    const user = await userWithCredits(t, 10);
    const keys = await Promise.all(
      Array.from({ length: 5 }, (_, index) => createApiKey(t, user.token, `key ${index}`)),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        v2(
          t.app,
          'email-finder?domain=acme.test&first_name=Ann&last_name=Lee',
          keys[index % keys.length]?.key,
        ),
      ),
    );
    // At most 10 run at once (each holds a credit); the address is paid for once.
    const found = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(found.length).toBeGreaterThanOrEqual(10);
    expect(found.length + refused.length).toBe(50);
    expect(refused.every((answer) => answer.body.errors[0].id === 'usage_limit_reached')).toBe(
      true,
    );
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 9, onHold: 0 });
    const rows = (await Promise.all(keys.map((key) => usageOf(key.id)))).flat();
    expect(rows).toHaveLength(50);
    expect(rows.reduce((sum, row) => sum + row.credits, 0)).toBe(1);
  });
});

describe('GET /v2/email-verifier', () => {
  it('gives the verdict with Hunter’s checks and ours, charged as in the web', async () => {
    const { key, keyId, id } = await userWithKey(5);
    const answer = await v2(t.app, 'email-verifier?email=ann.lee@acme.test', key);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toMatchObject({
      email: 'ann.lee@acme.test',
      status: 'valid',
      result: 'deliverable',
      score: 99,
      regexp: true,
      mx_records: true,
      smtp_server: true,
      smtp_check: true,
      accept_all: false,
      block: false,
      sources: [],
      role: false,
    });
    expect(answer.body.meta).toEqual({ params: { email: 'ann.lee@acme.test' } });
    expect(await balancesOf(t.db, id)).toEqual({ balance: 4, onHold: 0 });
    expect(await usageOf(keyId)).toEqual([{ endpoint: 'email-verifier', status: 200, credits: 1 }]);
  });

  it('answers 202 while the check runs, then the verdict, charging once', async () => {
    const user = await userWithCredits(t, 5);
    const { key, id: keyId } = await createApiKey(t, user.token);
    // A process that never waits: the first call is always still running.
    const impatient = await secondApiProcess(t, { verifierWaitMs: 0 });
    try {
      const first = await v2(impatient, 'email-verifier?email=ann.lee@acme.test', key);
      expect(first.statusCode).toBe(202);
      expect(first.body).toEqual({ data: null, meta: { params: { email: 'ann.lee@acme.test' } } });
      let answer = first;
      for (let attempt = 0; attempt < 200 && answer.statusCode === 202; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        answer = await v2(impatient, 'email-verifier?email=ann.lee@acme.test', key);
      }
      expect(answer.statusCode).toBe(200);
      expect(answer.body.data.status).toBe('valid');
    } finally {
      // Closing waits for what still runs after an answer (the credit's usage row).
      await impatient.close();
    }
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 4, onHold: 0 });
    // The credit is the first call's, which started the verification; the others are free.
    const rows = await usageOf(keyId);
    expect(rows[0]).toEqual({ endpoint: 'email-verifier', status: 202, credits: 1 });
    expect(rows.at(-1)).toEqual({ endpoint: 'email-verifier', status: 200, credits: 0 });
    expect(rows.reduce((sum, row) => sum + row.credits, 0)).toBe(1);
  });

  it('charges one credit for parallel calls about the same address', async () => {
    const { key, keyId, id } = await userWithKey(5);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => v2(t.app, 'email-verifier?email=ann.lee@acme.test', key)),
    );
    for (const answer of answers) expect([200, 202]).toContain(answer.statusCode);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);
    expect(await balancesOf(t.db, id)).toEqual({ balance: 4, onHold: 0 });
    const rows = await usageOf(keyId);
    expect(rows).toHaveLength(4);
    expect(rows.reduce((sum, row) => sum + row.credits, 0)).toBe(1);
  });

  it('refuses a missing or malformed address with a 400', async () => {
    const { key } = await userWithKey();
    for (const query of ['', 'email=not-an-address', `email=${'a'.repeat(250)}@acme.test`]) {
      const answer = await v2(t.app, `email-verifier?${query}`, key);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body.errors[0].id).toBe('wrong_params');
    }
  });
});

describe('GET /v2/domain-search and /v2/email-count', () => {
  it('lists the people of a domain by limit and offset, addresses null until found, for free', async () => {
    const { key, keyId, id } = await userWithKey(5);
    const answer = await v2(t.app, 'domain-search?domain=people.test&limit=7&offset=5', key);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toMatchObject({
      domain: 'people.test',
      organization: 'People Inc',
      industry: 'computer_software',
      country: 'FR',
      webmail: false,
      disposable: false,
      technologies: [],
      linked_domains: [],
    });
    expect(answer.body.meta).toMatchObject({ results: 15, limit: 7, offset: 5 });
    const emails = answer.body.data.emails as { first_name: string; value: unknown }[];
    expect(emails.map((email) => email.first_name)).toEqual([
      'Engd',
      'Enge',
      'Engf',
      'Engg',
      'Engh',
      'Engi',
      'Engj',
    ]);
    expect(emails.every((email) => email.value === null)).toBe(true);
    expect(await balancesOf(t.db, id)).toEqual({ balance: 5, onHold: 0 });
    expect(await usageOf(keyId)).toEqual([{ endpoint: 'domain-search', status: 200, credits: 0 }]);
  });

  it('reads the mail facts and the pattern once for a window of up to 100 people', async () => {
    const user = await activeUser(t);
    const patternStore = createPgPatternStore(t.db);
    const mailRoute = createMailRouteLookup(t.config);
    const asked = { patterns: 0, routes: 0 };
    const answer = await searchDomainForApi(
      {
        db: t.db,
        patternStore: {
          ...patternStore,
          get: (domain, view) => {
            asked.patterns += 1;
            return patternStore.get(domain, view);
          },
        },
        mailRoute: (domain) => {
          asked.routes += 1;
          return mailRoute(domain);
        },
        finder: t.config.finder,
        now: t.clock.now,
      },
      user.id,
      domainSearchQuerySchema.parse({ domain: 'people.test', limit: '100', offset: '1' }),
    );
    expect(answer.meta.results).toBe(15);
    expect(answer.data.emails).toHaveLength(14);
    expect(answer.data.emails[0]?.first_name).toBe(null);
    expect(answer.data.emails.at(-1)?.first_name).toBe('Engm');
    expect(asked).toEqual({ patterns: 1, routes: 1 });
  });

  it("gives an address this user found, with the domain's pattern in Hunter's notation", async () => {
    const { key } = await userWithKey(5);
    const found = await v2(
      t.app,
      'email-finder?domain=people.test&first_name=Jane&last_name=Doe',
      key,
    );
    expect(found.body.data.email).toBe('jane.doe@people.test');
    const answer = await v2(t.app, 'domain-search?domain=people.test&type=personal&limit=1', key);
    expect(answer.body.data.pattern).toBe('{first}.{last}');
    expect(answer.body.data.emails[0]).toMatchObject({
      value: 'jane.doe@people.test',
      type: 'personal',
      first_name: 'Jane',
      last_name: 'Doe',
      position: 'Chief Executive Officer',
      confidence: 99,
      verification: { status: 'valid' },
    });
  });

  it("filters by Hunter's seniority and department ids, or ours, comma-separated, and answers Hunter's", async () => {
    const { key } = await userWithKey();
    const names = async (query: string) => {
      const answer = await v2(t.app, `domain-search?domain=people.test&limit=100&${query}`, key);
      expect(answer.statusCode, query).toBe(200);
      return answer.body.data.emails as {
        first_name: string | null;
        department: string | null;
        seniority: string | null;
      }[];
    };
    const executives = await names('seniority=executive');
    expect(executives.map((email) => email.first_name)).toEqual(['Jane']);
    expect(executives[0]).toMatchObject({ seniority: 'executive', department: 'executive' });
    // Hunter's `it` covers our engineering; an unknown word is left out, as Hunter does.
    const it = await names('department=it,nowhere');
    expect(it).toHaveLength(13);
    expect(it.every((email) => email.department === 'it')).toBe(true);
    expect(await names('department=executive,it')).toHaveLength(14);
    // Our own ids too.
    expect(await names('department=engineering')).toHaveLength(13);
    expect((await names('seniority=c_level')).map((email) => email.first_name)).toEqual(['Jane']);
  });

  it('refuses bad domain-search input with a 400 in words', async () => {
    const { key } = await userWithKey();
    const cases: [string, RegExp][] = [
      ['limit=5', /missing the domain or company/],
      ['domain=people.test&limit=101', /limit must be at most 100/],
      ['domain=people.test&offset=-1', /offset/],
      ['domain=people.test&seniority=nobody,none', /seniority must be one of: junior, senior/],
      ['domain=people.test&department=nowhere', /department must be one of: executive, it/],
      ['domain=people.test&type=robot', /type must be one of: personal, generic/],
      ['company=No%20Such%20Company%20Anywhere', /company/i],
    ];
    for (const [query, details] of cases) {
      const answer = await v2(t.app, `domain-search?${query}`, key);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body.errors[0].details, query).toMatch(details);
    }
  });

  it('counts the people of a domain by type, department and seniority', async () => {
    const { key } = await userWithKey();
    const answer = await v2(t.app, 'email-count?domain=people.test', key);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toMatchObject({ total: 15, personal_emails: 14, generic_emails: 1 });
    // Hunter's keys, every one of them, zero where none: engineers are Hunter's `it`.
    expect(Object.keys(answer.body.data.department).sort()).toEqual(
      Object.keys(hunterDepartments).sort(),
    );
    expect(answer.body.data.department).toMatchObject({ it: 13, executive: 1, legal: 0 });
    expect(Object.keys(answer.body.data.seniority).sort()).toEqual([
      'executive',
      'junior',
      'senior',
    ]);
    expect(answer.body.data.seniority.executive).toBe(1);
    expect(answer.body.meta.params).toEqual({ domain: 'people.test', company: null, type: null });
    const missing = await v2(t.app, 'email-count', key);
    expect(missing.statusCode).toBe(400);
    expect(missing.body.errors[0].details).toBe('You are missing the domain or company parameter');
  });
});

describe('GET /v2/account', () => {
  it('tells the plan, the credits used and available, the reset date and the calls', async () => {
    const { key, username } = await userWithKey(8);
    await v2(t.app, 'email-count?domain=people.test', key);
    expect((await v2(t.app, 'email-verifier?email=ann.lee@acme.test', key)).statusCode).toBe(200);
    const answer = await v2(t.app, 'account', key);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toMatchObject({
      email: username.toLowerCase(),
      first_name: 'Ann',
      last_name: 'Lee',
      plan_name: 'Free',
      plan_level: null,
      team_id: null,
      // 17 credits drained by the test kit, one verification.
      requests: {
        credits: { used: 18, available: 25 },
        searches: { used: 17, available: null },
        verifications: { used: 1, available: null },
      },
      calls: { used: 2, available: null },
    });
    expect(answer.body.data.reset_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('/v2 rate limits', () => {
  it('answers 429 with Retry-After past 15 calls a second of one key, counted across two processes', async () => {
    const { key, keyId, token } = await userWithKey();
    const other = await secondApiProcess(t);
    try {
      // The test clock stands still: every call falls in one one-second window.
      for (let call = 0; call < 15; call += 1) {
        const answer = await v2(call % 2 === 0 ? t.app : other, 'account', key);
        expect(answer.statusCode).toBe(200);
      }
      for (const app of [t.app, other]) {
        const refused = await v2(app, 'account', key);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(refused.body.errors[0]).toMatchObject({ id: 'too_many_requests', code: 429 });
        expect(refused.body.errors[0].details).toMatch(/15 requests a second/);
      }
      // Another key of the same user has its own count.
      const { key: second } = await createApiKey(t, token);
      expect((await v2(t.app, 'account', second)).statusCode).toBe(200);
      t.clock.advance(1000);
      expect((await v2(other, 'account', key)).statusCode).toBe(200);
      expect((await usageOf(keyId)).filter((row) => row.status === 429)).toHaveLength(2);
    } finally {
      await other.close();
    }
  });

  it('limits a path we do not answer as a free call, and its usage row names no path', async () => {
    const { key, keyId } = await userWithKey();
    // The test clock stands still: every call falls in one one-second window.
    for (let call = 0; call < 15; call += 1) {
      expect((await v2(t.app, `nothing-${call}`, key)).statusCode).toBe(404);
    }
    const refused = await v2(t.app, 'nothing-more', key);
    expect(refused.statusCode).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({ id: 'too_many_requests', code: 429 });
    // The same count as the other free calls.
    expect((await v2(t.app, 'account', key)).statusCode).toBe(429);
    const rows = await usageOf(keyId);
    expect(rows).toHaveLength(17);
    expect(new Set(rows.map((row) => row.endpoint))).toEqual(new Set(['unknown', 'account']));
    expect(rows.filter((row) => row.endpoint === 'unknown')).toHaveLength(16);
  });
});

describe('/v2 bad input', () => {
  it('never answers 5xx, whatever a documented parameter holds', async () => {
    const { key } = await userWithKey(0);
    const awkward = [
      '',
      ' ',
      '0',
      '-1',
      '1e309',
      'null',
      '[]',
      '__proto__',
      '\u0000',
      '\ud800',
      '%',
      'x'.repeat(5000),
    ];
    const document = (await t.app.inject({ method: 'GET', url: '/v2/docs' })).json() as {
      paths: Record<string, { get: { parameters: { name: string }[] } }>;
    };
    for (const [path, { get }] of Object.entries(document.paths)) {
      for (const { name } of get.parameters.filter((parameter) => parameter.name !== 'api_key')) {
        for (const value of awkward) {
          const query = new URLSearchParams({ domain: 'acme.test', [name]: value });
          const response = await t.app.inject({
            method: 'GET',
            url: `/v2${path}?${query}`,
            headers: { 'x-api-key': key },
          });
          expect(response.statusCode, `${path} ${name}=${value.slice(0, 20)}`).toBeLessThan(500);
          expect(response.json(), path).toSatisfy(
            (body: Record<string, unknown>) => 'data' in body || 'errors' in body,
          );
          // One window of the per-key limits per call.
          t.clock.advance(60_000);
        }
      }
    }
  });
});

describe('/v2/docs', () => {
  it('documents every /v2 call with its parameters, and each documented call is served', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/docs' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      servers: { url: string }[];
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, { get: { parameters: { name: string }[] } }>;
    };
    expect(document.servers[0]?.url).toBe('http://mailhound.test/v2');
    expect(Object.keys(document.components.securitySchemes)).toHaveLength(3);
    expect(Object.keys(document.paths).sort()).toEqual(
      Object.keys(endpoints)
        .map((name) => `/${name}`)
        .sort(),
    );
    for (const path of Object.keys(document.paths)) {
      expect(t.app.hasRoute({ method: 'GET', url: `/v2${path}` }), path).toBe(true);
    }
    const finderParameters = document.paths['/email-finder']?.get.parameters.map((p) => p.name);
    expect(finderParameters).toEqual(
      expect.arrayContaining([
        'domain',
        'company',
        'first_name',
        'last_name',
        'full_name',
        'api_key',
      ]),
    );
    expect(document.paths['/email-verifier']?.get.parameters.map((p) => p.name)).toContain('email');
  });
});

describe('the hunter.io client library from npm, pointed at Mailhound', () => {
  it('finds, verifies, searches a domain, counts and reads the account', async () => {
    const { key } = await userWithKey(5);
    const other = await secondApiProcess(t);
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const { port } = other.server.address() as AddressInfo;
      const hunter = hunterClientAt(`http://127.0.0.1:${port}`, key);

      const found = await callClient((done) =>
        hunter.emailFinder({ domain: 'acme.test', first_name: 'Ann', last_name: 'Lee' }, done),
      );
      expect(found.error).toBeNull();
      expect(found.data).toMatchObject({ data: { email: 'ann.lee@acme.test', score: 99 } });

      const verified = await callClient((done) => hunter.emailVerifier('ann.lee@acme.test', done));
      expect(verified.data).toMatchObject({ data: { status: 'valid', result: 'deliverable' } });

      const domain = await callClient((done) =>
        hunter.domainSearch({ domain: 'people.test', limit: 2 }, done),
      );
      expect(domain.data).toMatchObject({ data: { domain: 'people.test' }, meta: { limit: 2 } });

      const counted = await callClient((done) => hunter.emailCount('people.test', done));
      expect(counted.data).toMatchObject({ data: { total: 15 } });

      const account = await callClient((done) => hunter.account(done));
      expect(account.data).toMatchObject({ data: { requests: { credits: { used: 22 } } } });

      const stranger = hunterClientAt(`http://127.0.0.1:${port}`, 'mh_not-a-key');
      const refused = await callClient((done) => stranger.account(done));
      expect(refused.error).toEqual({
        errors: [
          {
            id: 'authentication_failed',
            code: 401,
            details: 'No user found for the API key supplied',
          },
        ],
      });
    } finally {
      await other.close();
    }
  });
});
