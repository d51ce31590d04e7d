import { randomUUID } from 'node:crypto';
import { validationMessages } from '@mailhound/contracts';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { applyCreditEntry } from '../credits/credit-ledger.ts';
import { entriesOfHold } from '../credits/holds.ts';
import { creditAccounts } from '../credits/schema.ts';
import { companyNotFound } from './company-domain.ts';
import { createPgPatternStore } from './pattern-store.ts';
import { domainPatterns, foundEmails, searchHistory } from './schema.ts';
import { labEnv, postSearch, searchLab, solvedAltcha } from './search.test-kit.ts';
import { creditReference } from './search-records.ts';

let lab: MailLab;
let t: TestContext;

beforeAll(async () => {
  lab = await startMailLab(searchLab);
  t = await createTestContext({ env: labEnv(lab) });
});
afterAll(async () => {
  await t.close();
  await lab.close();
});

const ann = { firstName: 'Ann', lastName: 'Lee' };
const guestId = () => `guest_${randomUUID()}`;

async function balancesOf(userId: string) {
  const [row] = await t.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  return { balance: row?.balance, onHold: row?.onHold };
}

async function userWithCredits(credits: number) {
  const user = await activeUser(t);
  await t.db.transaction((tx) =>
    applyCreditEntry(tx, {
      userId: user.id,
      kind: 'charge',
      amount: 25 - credits,
      idempotencyKey: `test-drain:${user.id}`,
    }),
  );
  return user;
}

describe('a logged-in single search', () => {
  it('streams progress, then the verified address; charges exactly 1 credit and records it', async () => {
    const user = await activeUser(t);
    const search = await postSearch(t.app, { ...ann, companyWebsite: 'www.acme.test' }, user);

    expect(search.statusCode).toBe(200);
    expect(search.contentType).toMatch(/^text\/event-stream/);
    expect(search.retry).toBe(1000);
    const progress = search.events.filter((event) => event.event === 'progress');
    expect(progress.map((event) => event.data.stage)).toEqual(
      expect.arrayContaining(['dns', 'smtp']),
    );
    expect(search.events.at(-1)?.event).toBe('message');
    const data = search.last?.data ?? {};
    expect(data).toMatchObject({
      exactEmail: 'ann.lee@acme.test',
      exactEmailScore: 99,
      charged: true,
      evidence: { domain: 'acme.test', catchAll: false, pattern: 'first.last' },
    });

    expect(await balancesOf(user.id)).toEqual({ balance: 24, onHold: 0 });
    const id = String(data._id);
    const ledger = await entriesOfHold(t.db, user.id, creditReference(id));
    expect(ledger.map((entry) => entry.kind)).toEqual(['hold', 'release', 'charge']);
    const [row] = await t.db.select().from(searchHistory).where(eq(searchHistory.id, id));
    expect(row).toMatchObject({
      userId: user.id,
      guestId: null,
      score: 99,
      charged: true,
      error: null,
      result: { exactEmail: 'ann.lee@acme.test', exactEmailScore: 99 },
      query: { firstName: 'Ann', lastName: 'Lee', companyWebsite: 'www.acme.test' },
    });
    const found = await t.db.select().from(foundEmails);
    expect(found.map((email) => email.email)).toContain('ann.lee@acme.test');
    const learnt = await t.db
      .select()
      .from(domainPatterns)
      .where(eq(domainPatterns.domain, 'acme.test'));
    expect(learnt).toMatchObject([{ email: 'ann.lee@acme.test', pattern: 'first.last' }]);
    const balance = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user/balance',
      headers: { authorization: user.token },
    });
    expect(balance.json()).toMatchObject({ balance: 24, onHold: 0 });
  });

  it('does not charge a catch-all result (50) or a single possible address (60)', async () => {
    const user = await activeUser(t);
    const catchAll = await postSearch(t.app, { ...ann, companyWebsite: 'catchall.test' }, user);
    expect(catchAll.last?.data).toMatchObject({ exactEmailScore: 50, charged: false });
    const possible = await postSearch(t.app, { ...ann, companyWebsite: 'small.test' }, user);
    expect(possible.last?.data).toMatchObject({
      exactEmail: 'ann@small.test',
      exactEmailScore: 60,
      charged: false,
    });
    expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 0 });
    const found = await t.db.select().from(foundEmails);
    expect(found.map((email) => email.email)).not.toContain('ann@small.test');
  });

  it('reaches 95 (charged) at a catch-all domain whose pattern verified finds have taught', async () => {
    const store = createPgPatternStore(t.db);
    for (let i = 0; i < 20; i += 1) {
      await store.record('known.test', {
        pattern: 'first.last',
        email: `person${i}.lee@known.test`,
      });
    }
    const user = await activeUser(t);
    const search = await postSearch(t.app, { ...ann, companyWebsite: 'known.test' }, user);
    expect(search.last?.data).toMatchObject({
      exactEmail: 'ann.lee@known.test',
      exactEmailScore: 95,
      charged: true,
      evidence: { catchAll: true, knownPattern: true },
    });
    expect(await balancesOf(user.id)).toEqual({ balance: 24, onHold: 0 });
  });

  it.each([
    ['gone.test', 'No MX records associated with domain found'],
    ['silent.test', 'Connection timed out'],
  ])(
    'answers %s with an error event carrying the finder text, free of charge',
    async (domain, text) => {
      const user = await activeUser(t);
      const search = await postSearch(t.app, { ...ann, companyWebsite: domain }, user);
      expect(search.last).toEqual({
        event: 'error',
        data: { _id: expect.any(String), error: text },
      });
      expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 0 });
      const [row] = await t.db
        .select()
        .from(searchHistory)
        .where(eq(searchHistory.id, String(search.last?.data._id)));
      expect(row).toMatchObject({ error: text, result: null, charged: false });
    },
  );

  it('sends payment_error, and searches nothing, when the available balance is 0', async () => {
    const user = await userWithCredits(0);
    const search = await postSearch(t.app, { ...ann, companyWebsite: 'acme.test' }, user);
    expect(search.events).toEqual([
      {
        event: 'payment_error',
        data: { message: 'Not enough credits', required: 1, available: 0 },
      },
    ]);
    const rows = await t.db.select().from(searchHistory).where(eq(searchHistory.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('takes one credit for 50 simultaneous verified searches of one address on 10 credits', async () => {
    const user = await userWithCredits(10);
    const searches = await Promise.all(
      Array.from({ length: 50 }, () =>
        postSearch(t.app, { ...ann, companyWebsite: 'acme.test' }, user),
      ),
    );
    // At most 10 run at once (each holds a credit); the address is paid for once.
    const found = searches.filter((search) => search.last?.event === 'message');
    const refused = searches.filter((search) => search.last?.event === 'payment_error');
    expect(found.length).toBeGreaterThanOrEqual(10);
    expect(found.length + refused.length).toBe(50);
    expect(found.every((search) => search.last?.data.exactEmail === 'ann.lee@acme.test')).toBe(
      true,
    );
    expect(found.filter((search) => search.last?.data.charged === true)).toHaveLength(1);
    expect(await balancesOf(user.id)).toEqual({ balance: 9, onHold: 0 });
    const rows = await t.db.select().from(searchHistory).where(eq(searchHistory.userId, user.id));
    expect(rows).toHaveLength(found.length);
    expect(rows.filter((row) => row.charged)).toHaveLength(1);
    expect(rows.every((row) => row.settledAt !== null)).toBe(true);
  });
});

describe('a guest single search', () => {
  it('is allowed twice per guest id and address; a new guest id from that address is refused too', async () => {
    const address = '10.1.0.1';
    const guest = guestId();
    for (let i = 0; i < 2; i += 1) {
      const search = await postSearch(
        t.app,
        { ...ann, companyWebsite: 'acme.test', userId: guest, code: await solvedAltcha(t.app) },
        { remoteAddress: address },
      );
      expect(search.last?.data).toMatchObject({ exactEmailScore: 99, charged: false });
    }
    const third = await postSearch(
      t.app,
      { ...ann, companyWebsite: 'acme.test', userId: guest, code: await solvedAltcha(t.app) },
      { remoteAddress: address },
    );
    expect(third.events).toEqual([
      {
        event: 'payment_error',
        data: { message: 'Not enough credits', required: 1, available: 0 },
      },
    ]);
    const newGuest = await postSearch(
      t.app,
      { ...ann, companyWebsite: 'acme.test', userId: guestId(), code: await solvedAltcha(t.app) },
      { remoteAddress: address },
    );
    expect(newGuest.last?.event).toBe('payment_error');
    const sameGuestElsewhere = await postSearch(
      t.app,
      { ...ann, companyWebsite: 'acme.test', userId: guest, code: await solvedAltcha(t.app) },
      { remoteAddress: '10.1.0.2' },
    );
    expect(sameGuestElsewhere.last?.event).toBe('payment_error');
  });

  it('counts only results of 75 or more against the allowance', async () => {
    const guest = guestId();
    const remoteAddress = '10.2.0.1';
    for (const domain of ['catchall.test', 'small.test', 'gone.test', 'acme.test', 'acme.test']) {
      const answer = await postSearch(
        t.app,
        { ...ann, companyWebsite: domain, userId: guest, code: await solvedAltcha(t.app) },
        { remoteAddress },
      );
      expect(answer.last?.event).not.toBe('payment_error');
    }
    const refused = await postSearch(
      t.app,
      { ...ann, companyWebsite: 'acme.test', userId: guest, code: await solvedAltcha(t.app) },
      { remoteAddress },
    );
    expect(refused.last?.event).toBe('payment_error');
  });

  it('is refused with 403 when the bot-check payload is missing, replayed or forged', async () => {
    const body = { ...ann, companyWebsite: 'acme.test', userId: guestId() };
    const remoteAddress = '10.3.0.1';
    const missing = await postSearch(t.app, body, { remoteAddress });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe('Bot check failed. Please try again.');

    const code = await solvedAltcha(t.app);
    const first = await postSearch(t.app, { ...body, code }, { remoteAddress });
    expect(first.statusCode).toBe(200);
    const replayed = await postSearch(t.app, { ...body, code }, { remoteAddress });
    expect(replayed.statusCode).toBe(403);

    const payload = JSON.parse(Buffer.from(await solvedAltcha(t.app), 'base64').toString());
    const key: string = payload.solution.derivedKey;
    const wrongAnswer = {
      ...payload,
      solution: { ...payload.solution, derivedKey: `${key[0] === '0' ? '1' : '0'}${key.slice(1)}` },
    };
    const resigned = {
      ...payload,
      challenge: {
        ...payload.challenge,
        parameters: { ...payload.challenge.parameters, cost: 1, expiresAt: 4_102_444_800 },
      },
    };
    for (const forged of [wrongAnswer, resigned, { nonsense: true }]) {
      const answer = await postSearch(
        t.app,
        { ...body, code: Buffer.from(JSON.stringify(forged)).toString('base64') },
        { remoteAddress },
      );
      expect(answer.statusCode).toBe(403);
    }
    expect((await postSearch(t.app, { ...body, code: 'not base64 json' })).statusCode).toBe(403);
  });

  it('needs a token or a guest id', async () => {
    const answer = await postSearch(t.app, { ...ann, companyWebsite: 'acme.test' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toBe('User unauthorized.');
  });
});

describe('bad input', () => {
  it.each([
    [{ lastName: 'Lee', companyWebsite: 'acme.test' }, validationMessages.searchNameInvalid],
    [{ ...ann }, 'Company website or name is a required field'],
    [{ ...ann, companyWebsite: 'acme.test', companyName: 'Acme' }, undefined],
    [{ ...ann, companyWebsite: 'not a site' }, 'Invalid company website'],
    [{ ...ann, companyName: 'Acme Inc' }, companyNotFound],
    [{ ...ann, companyWebsite: 'acme.test', extra: 1 }, undefined],
    [
      { firstName: 'Ann\ud800', lastName: 'Lee', companyWebsite: 'acme.test' },
      'Text must be valid Unicode: it cannot contain a lone surrogate (\\ud800 to \\udfff).',
    ],
  ])('refuses %j with a 400 and writes nothing', async (body, message) => {
    const user = await activeUser(t);
    const before = {
      history: await t.countRows('search_history'),
      entries: await t.countRows('credit_entries'),
    };
    const answer = await postSearch(t.app, body, user);
    expect(answer.statusCode).toBe(400);
    if (message) expect(answer.json().message).toBe(message);
    expect({
      history: await t.countRows('search_history'),
      entries: await t.countRows('credit_entries'),
    }).toEqual(before);
  });

  it('searches a company name that is a domain as a website', async () => {
    const user = await activeUser(t);
    const search = await postSearch(t.app, { ...ann, companyName: 'acme.test' }, user);
    expect(search.last?.data).toMatchObject({ exactEmail: 'ann.lee@acme.test' });
  });
});
