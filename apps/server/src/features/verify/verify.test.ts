import { randomUUID } from 'node:crypto';
import {
  searchMessages,
  type Verdict,
  type VerifyEvent,
  validationMessages,
  verifyReasons,
  verifyResultDataSchema,
} from '@mailhound/contracts';
import { createFinder, type Finder, finderConfigFromEnv } from '@mailhound/finder';
import { type LabSpec, type MailLab, startMailLab } from '@mailhound/mail-lab';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyFirst } from '../../platform/access.ts';
import { activeUser, unverifiedUser } from '../../test/auth-fixtures.ts';
import { heldFinder } from '../../test/held-finder.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { balancesOf, userWithCredits } from '../credits/credits.test-kit.ts';
import { entriesOfHold } from '../credits/holds.ts';
import { creditEntries } from '../credits/schema.ts';
import { labEnv, parseEventStream } from '../search/search.test-kit.ts';
import { saveVerdict, saveVerdictsFrom } from './address-verdicts.ts';
import { runVerification } from './run-verification.ts';
import { verifications } from './schema.ts';
import {
  beginVerification,
  interruptedVerification,
  staleVerificationMs,
  sweepStaleVerifications,
  verificationReference,
} from './verifications.ts';
import { latestStatuses, verdictWith } from './verify.test-kit.ts';

// One mail server for every verdict the verifier gives.
const verifyLab: LabSpec = {
  hosts: [{ name: 'mx.verify.test', address: '127.0.6.2' }],
  domains: [
    {
      name: 'acme.test',
      mx: [{ priority: 10, host: 'mx.verify.test' }],
      mailboxes: ['ann.lee', 'info'],
      fullMailboxes: ['full'],
      disabledMailboxes: ['left'],
    },
    { name: 'catchall.test', mx: [{ priority: 10, host: 'mx.verify.test' }], catchAll: true },
    { name: 'mailinator.com', mx: [{ priority: 10, host: 'mx.verify.test' }], catchAll: true },
    { name: 'gmail.com', mx: [{ priority: 10, host: 'mx.verify.test' }], mailboxes: ['ann.lee'] },
    {
      name: 'grey.test',
      mx: [{ priority: 10, host: 'mx.verify.test' }],
      mailboxes: ['ann'],
      greylistMs: 3_600_000,
    },
    {
      name: 'briefgrey.test',
      mx: [{ priority: 10, host: 'mx.verify.test' }],
      mailboxes: ['ann'],
      greylistMs: 100,
    },
    // No MX and no address: nothing can receive mail.
    { name: 'nomx.test' },
    { name: 'gone.test', nxdomain: true },
  ],
};

let lab: MailLab;
let finder: Finder;
let t: TestContext;

beforeAll(async () => {
  lab = await startMailLab(verifyLab);
  // Greylisting is asked again after 300 ms instead of minutes.
  finder = createFinder({
    ...finderConfigFromEnv(labEnv(lab)),
    greylistRetryDelaysMs: [300],
  });
  t = await createTestContext({ env: labEnv(lab), finder });
});
afterAll(async () => {
  await t.close();
  await finder.close();
  await lab.close();
});

async function postVerify(body: unknown, token?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/verify',
    payload: body as Record<string, unknown>,
    headers: token ? { authorization: token } : {},
  });
  const streamed = response.headers['content-type']?.toString().startsWith('text/event-stream');
  const events = streamed ? parseEventStream(response.body).events : [];
  return {
    statusCode: response.statusCode,
    json: () => response.json() as { message: string },
    events,
    last: events.at(-1),
  };
}

async function verdictFor(email: string, token: string) {
  const answer = await postVerify({ email }, token);
  expect(answer.statusCode).toBe(200);
  expect(answer.last?.event).toBe('message');
  return verifyResultDataSchema.parse(answer.last?.data);
}

describe('POST /api/verify: the verdict on one address, streamed', () => {
  it('valid: streams progress, then the verdict with its checks; charges 1 credit and stores it', async () => {
    const user = await activeUser(t);
    const answer = await postVerify({ email: ' Ann.Lee@ACME.test ' }, user.token);

    expect(answer.statusCode).toBe(200);
    const stages = answer.events.filter((e) => e.event === 'progress').map((e) => e.data.stage);
    expect(stages).toEqual(expect.arrayContaining(['dns', 'smtp']));
    const verdict = verifyResultDataSchema.parse(answer.last?.data);
    expect(verdict).toMatchObject({
      email: 'ann.lee@acme.test',
      status: 'valid',
      score: 99,
      reason: verifyReasons.valid,
      regexp: true,
      mx_records: true,
      smtp_server: true,
      smtp_check: true,
      accept_all: false,
      disposable: false,
      webmail: false,
      role: false,
      charged: true,
    });
    expect(verdict.smtp_reply?.code).toBe(250);
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 24, onHold: 0 });
    const [row] = await t.db.select().from(verifications).where(eq(verifications.id, verdict._id));
    expect(row).toMatchObject({ email: 'ann.lee@acme.test', status: 'valid', charged: true });
  });

  it('invalid: a mailbox the server does not know; charged', async () => {
    const user = await activeUser(t);
    const verdict = await verdictFor('nobody@acme.test', user.token);
    expect(verdict).toMatchObject({
      status: 'invalid',
      score: 0,
      smtp_check: false,
      reason: verifyReasons.rejected,
      smtp_reply: { code: 550, enhanced: '5.1.1' },
      charged: true,
    });
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 24, onHold: 0 });
  });

  it("stores each verdict as the user's latest on its address, which the campaigns read", async () => {
    const user = await activeUser(t);
    await verdictFor('nobody@acme.test', user.token);
    await verdictFor('Ann.Lee@ACME.test', user.token);
    await verdictFor('anyone@catchall.test', user.token);
    // A later verdict on the same address replaces the earlier one: the mailbox is opened
    // between the two checks, so the first says invalid and the second valid.
    const acme = lab.spec.domains.find((domain) => domain.name === 'acme.test');
    expect(await verdictFor('new.hire@acme.test', user.token)).toMatchObject({ status: 'invalid' });
    acme?.mailboxes?.push('new.hire');
    try {
      expect(await verdictFor('New.Hire@acme.test', user.token)).toMatchObject({
        status: 'valid',
      });
    } finally {
      acme?.mailboxes?.pop();
    }
    expect(await latestStatuses(t.db, user.id)).toEqual([
      { email: 'ann.lee@acme.test', status: 'valid' },
      { email: 'anyone@catchall.test', status: 'accept_all' },
      { email: 'new.hire@acme.test', status: 'valid' },
      { email: 'nobody@acme.test', status: 'invalid' },
    ]);
  });

  it('catch-all → accept_all, and no credit taken', async () => {
    const user = await activeUser(t);
    const verdict = await verdictFor('anyone@catchall.test', user.token);
    expect(verdict).toMatchObject({
      status: 'accept_all',
      score: 50,
      accept_all: true,
      charged: false,
    });
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 25, onHold: 0 });
  });

  it('disposable: not charged', async () => {
    const user = await activeUser(t);
    const verdict = await verdictFor('x1@mailinator.com', user.token);
    expect(verdict).toMatchObject({ status: 'disposable', disposable: true, charged: false });
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 25, onHold: 0 });
  });

  it('webmail: a free provider address, not charged', async () => {
    const user = await activeUser(t);
    const verdict = await verdictFor('ann.lee@gmail.com', user.token);
    expect(verdict).toMatchObject({
      status: 'webmail',
      webmail: true,
      smtp_check: true,
      charged: false,
    });
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 25, onHold: 0 });
  });

  it('role: info@ is a role address, and still valid', async () => {
    const user = await activeUser(t);
    const verdict = await verdictFor('info@acme.test', user.token);
    expect(verdict).toMatchObject({ status: 'valid', role: true, charged: true });
  });

  it('full inbox: 552 5.2.2 is invalid with full_inbox set', async () => {
    const user = await activeUser(t);
    const verdict = await verdictFor('full@acme.test', user.token);
    expect(verdict).toMatchObject({
      status: 'invalid',
      full_inbox: true,
      reason: verifyReasons.fullInbox,
      smtp_reply: { code: 552, enhanced: '5.2.2' },
      charged: true,
    });
  });

  it('disabled: 550 5.2.1 is invalid with disabled set', async () => {
    const user = await activeUser(t);
    const verdict = await verdictFor('left@acme.test', user.token);
    expect(verdict).toMatchObject({
      status: 'invalid',
      disabled: true,
      reason: verifyReasons.disabled,
      smtp_reply: { code: 550, enhanced: '5.2.1' },
      charged: true,
    });
  });

  it('greylisting that never clears is unknown, with greylisted set; not charged', async () => {
    const user = await activeUser(t);
    const verdict = await verdictFor('ann@grey.test', user.token);
    expect(verdict).toMatchObject({
      status: 'unknown',
      greylisted: true,
      smtp_check: false,
      reason: verifyReasons.greylisted,
      smtp_reply: { code: 451, enhanced: '4.7.1' },
      charged: false,
    });
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 25, onHold: 0 });
  });

  it('greylisting that clears on the next try gives the real answer', async () => {
    const user = await activeUser(t);
    const verdict = await verdictFor('ann@briefgrey.test', user.token);
    expect(verdict).toMatchObject({ status: 'valid', greylisted: false, charged: true });
  });

  it.each(['ann@nomx.test', 'ann@gone.test'])('no MX (%s) → invalid, charged', async (email) => {
    const user = await activeUser(t);
    const verdict = await verdictFor(email, user.token);
    expect(verdict).toMatchObject({
      status: 'invalid',
      mx_records: false,
      smtp_server: false,
      smtp_reply: null,
      reason: verifyReasons.noMailServer,
      charged: true,
    });
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 24, onHold: 0 });
  });
});

// The latest verdict is the one judged last (its lookup began last), not the one written last:
// writers that looked up earlier may commit later (a bulk session kept by greylisting).
describe("the user's latest verdict on an address", () => {
  const minute = (n: number) => new Date(Date.UTC(2030, 0, 1, 0, n));
  const batch = (userId: string, rows: Array<[Verdict, Date]>) =>
    t.db.execute(
      saveVerdictsFrom(
        sql.join(
          rows.map(
            ([verdict, at]) =>
              sql`select ${userId}::uuid, ${JSON.stringify(verdict)}::jsonb, ${at.toISOString()}::timestamptz`,
          ),
          sql` union all `,
        ),
      ),
    );

  it('is not replaced by a verdict judged earlier and written after it', async () => {
    const user = await activeUser(t);
    const email = 'late@judged.test';
    await saveVerdict(
      t.db,
      user.id,
      verdictWith(email, 'invalid', verifyReasons.rejected),
      minute(2),
    );
    await saveVerdict(t.db, user.id, verdictWith(email, 'valid', verifyReasons.valid), minute(0));
    await batch(user.id, [[verdictWith(email, 'valid', verifyReasons.valid), minute(1)]]);
    expect(await latestStatuses(t.db, user.id)).toEqual([{ email, status: 'invalid' }]);
    // One judged later replaces it, and so does one judged at the same time.
    await saveVerdict(
      t.db,
      user.id,
      verdictWith(email, 'unknown', verifyReasons.noAnswer),
      minute(3),
    );
    await batch(user.id, [[verdictWith(email, 'valid', verifyReasons.valid), minute(3)]]);
    expect(await latestStatuses(t.db, user.id)).toEqual([{ email, status: 'valid' }]);
  });

  it('of one address twice in a batch keeps the latest judged, then a conclusive status, in either order', async () => {
    const user = await activeUser(t);
    const unknown = (email: string) => verdictWith(email, 'unknown', verifyReasons.noAnswer);
    const valid = (email: string) => verdictWith(email, 'valid', verifyReasons.valid);
    const invalid = (email: string) => verdictWith(email, 'invalid', verifyReasons.rejected);
    await batch(user.id, [
      // Judged at one moment: the conclusive one, whichever comes first.
      [unknown('Same@judged.test'), minute(0)],
      [valid('same@judged.test'), minute(0)],
      [valid('other@Judged.test'), minute(0)],
      [unknown('other@judged.test'), minute(0)],
      // Two conclusive ones at one moment: invalid, the one that keeps a campaign from mailing.
      [valid('both@judged.test'), minute(0)],
      [invalid('Both@judged.test'), minute(0)],
      // Judged at different times: the latest, even when inconclusive.
      [unknown('Newer@judged.test'), minute(1)],
      [valid('newer@judged.test'), minute(0)],
    ]);
    expect(await latestStatuses(t.db, user.id)).toEqual([
      { email: 'both@judged.test', status: 'invalid' },
      { email: 'newer@judged.test', status: 'unknown' },
      { email: 'other@judged.test', status: 'valid' },
      { email: 'same@judged.test', status: 'valid' },
    ]);
  });
});

describe('POST /api/verify: who and what it refuses', () => {
  it.each([
    [{}, 'email is required'],
    [{ email: '' }, validationMessages.emailRequired],
    [{ email: 'ann lee@acme' }, validationMessages.emailInvalid],
    [{ email: 42 }, 'email must be a string'],
  ])('%j is a 400 in words; nothing stored or charged', async (body, message) => {
    const user = await activeUser(t);
    const before = await t.countRows('verifications');
    const answer = await postVerify(body, user.token);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
    expect(await t.countRows('verifications')).toBe(before);
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 25, onHold: 0 });
  });

  it('is for active accounts: 401 without a token, 403 before e-mail verification', async () => {
    expect((await postVerify({ email: 'ann.lee@acme.test' })).statusCode).toBe(401);
    const unverified = await unverifiedUser(t);
    const answer = await postVerify({ email: 'ann.lee@acme.test' }, unverified.token);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(verifyFirst);
    expect(
      await t.db.select().from(verifications).where(eq(verifications.userId, unverified.id)),
    ).toEqual([]);
  });

  it('answers payment_error with nothing left, and stores nothing', async () => {
    const user = await userWithCredits(t, 0);
    const answer = await postVerify({ email: 'ann.lee@acme.test' }, user.token);
    expect(answer.last).toEqual({
      event: 'payment_error',
      data: { message: searchMessages.creditsShort, required: 1, available: 0 },
    });
    expect(
      await t.db.select().from(verifications).where(eq(verifications.userId, user.id)),
    ).toEqual([]);
  });
});

describe('the credit of a verification', () => {
  it('50 parallel verifications on 10 credits take exactly 10', async () => {
    const user = await userWithCredits(t, 10);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => postVerify({ email: 'ann.lee@acme.test' }, user.token)),
    );

    const verdicts = answers.filter((a) => a.last?.event === 'message');
    const refused = answers.filter((a) => a.last?.event === 'payment_error');
    expect(verdicts).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(verdicts.every((a) => a.last?.data.charged === true)).toBe(true);
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 0, onHold: 0 });
    const charges = await t.db
      .select()
      .from(creditEntries)
      .where(eq(creditEntries.userId, user.id));
    expect(
      charges.filter(
        (entry) => entry.kind === 'charge' && entry.idempotencyKey.startsWith('charge:verify:'),
      ),
    ).toHaveLength(10);
    expect(
      await t.db.select().from(verifications).where(eq(verifications.userId, user.id)),
    ).toHaveLength(10);
  });
});

describe('a verification whose process died', () => {
  it('keeps its credit on hold only until the sweep releases it', async () => {
    const user = await activeUser(t);
    const id = randomUUID();
    await beginVerification(t.db, { id, userId: user.id, email: 'ann.lee@acme.test' });
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 25, onHold: 1 });

    // Not stale yet: it may still be running.
    expect(await sweepStaleVerifications(t.db, new Date())).toBe(0);
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 25, onHold: 1 });

    const later = new Date(Date.now() + staleVerificationMs + 60_000);
    expect(await sweepStaleVerifications(t.db, later)).toBe(1);
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 25, onHold: 0 });
    const [row] = await t.db.select().from(verifications).where(eq(verifications.id, id));
    expect(row).toMatchObject({ error: interruptedVerification, charged: false });
    expect(await entriesOfHold(t.db, user.id, verificationReference(id))).toEqual([
      expect.objectContaining({ kind: 'hold' }),
      expect.objectContaining({ kind: 'release' }),
    ]);
  });
});

describe('a verification that answers after the sweep released its credit', () => {
  it('streams that it was interrupted and hands over no verdict', async () => {
    const user = await activeUser(t);
    const held = heldFinder(finder);
    const events: VerifyEvent[] = [];
    const run = runVerification(
      { db: t.db, finder: held.finder, logFailure: () => {} },
      { userId: user.id, email: 'left@acme.test' },
      (event) => events.push(event),
      new AbortController().signal,
    );
    try {
      await held.answered;
      expect(
        await sweepStaleVerifications(t.db, new Date(Date.now() + staleVerificationMs + 60_000)),
      ).toBe(1);
    } finally {
      held.release();
      await run;
    }
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { _id: expect.any(String), error: interruptedVerification },
    });
    expect(JSON.stringify(events)).not.toMatch(/invalid|disabled|status/);
    const [row] = await t.db.select().from(verifications).where(eq(verifications.userId, user.id));
    expect(row).toMatchObject({
      error: interruptedVerification,
      status: null,
      verdict: null,
      charged: false,
    });
    expect(await balancesOf(t.db, user.id)).toEqual({ balance: 25, onHold: 0 });
    expect(await latestStatuses(t.db, user.id)).toEqual([]);
  });
});

describe('GET /api/search-history/verify', () => {
  it('pages the user’s verifications 10 at a time, newest first, and only theirs', async () => {
    const user = await activeUser(t);
    const other = await activeUser(t);
    await verdictFor('ann.lee@acme.test', other.token);
    const emails = Array.from({ length: 11 }, (_, i) => `person${i}@catchall.test`);
    for (const email of emails) await verdictFor(email, user.token);

    const read = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/search-history/verify${query}`,
        headers: { authorization: user.token },
      });
      expect(response.statusCode).toBe(200);
      return response.json() as {
        items: Array<{ email: string; verdict: { status: string } | null; charged: boolean }>;
        currentPage: number;
        totalPages: number;
        totalItems: number;
      };
    };
    const first = await read('');
    expect(first).toMatchObject({ currentPage: 1, totalPages: 2, totalItems: 11 });
    expect(first.items.map((item) => item.email)).toEqual(emails.slice(1).reverse());
    expect(first.items[0]).toMatchObject({ verdict: { status: 'accept_all' }, charged: false });
    const second = await read('?page=2');
    expect(second.items.map((item) => item.email)).toEqual([emails[0]]);
  });

  it('is for logged-in users, and a bad page is a 400', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/search-history/verify' });
    expect(anonymous.statusCode).toBe(401);
    const user = await activeUser(t);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/search-history/verify?page=0',
      headers: { authorization: user.token },
    });
    expect(bad.statusCode).toBe(400);
  });
});
