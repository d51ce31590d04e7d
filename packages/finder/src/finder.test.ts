import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFinderCli } from './cli.ts';
import { type Clock, systemClock } from './clock.ts';
import { createFinder, type FinderPorts } from './finder.ts';
import { ownerKey } from './names.ts';
import { createMemoryPatternStore, type PatternObservation } from './pattern-knowledge.ts';

const mailboxes = ['john.doe', 'jane.roe', 'john', 'info'];
// A domain whose convention is the first name alone.
const firstNames = 'ann bob cleo dan eve finn gus hal ida jon kim lou max ned oli pam zoe'.split(
  ' ',
);

// Sixteen colleagues there, each with their first@ (Ann Surnamea owns ann@).
const colleagues = firstNames.slice(0, 16).map((first, i) => ({
  firstName: first,
  lastName: `Surname${String.fromCharCode(97 + i)}`,
  domain: 'firsts.test',
}));

// Twenty verified colleagues following `pattern`: enough for it to be known with confidence.
const observed = (pattern: string, domain: string): PatternObservation[] =>
  Array.from({ length: 20 }, (_, i) => ({ pattern, email: `colleague${i}@${domain}` }));

describe('the finder against the mail lab', () => {
  let lab: MailLab;
  const finderFor = (overrides: Record<string, unknown> = {}, ports: FinderPorts = {}) =>
    createFinder(
      {
        resolvers: [lab.dnsServer],
        smtpPort: lab.smtpPort,
        allowPrivateMx: true,
        connectTimeoutMs: 300,
        commandTimeoutMs: 400,
        greylistRetryDelaysMs: [700],
        perHostIntervalMs: 0,
        busyBackoffMs: 200,
        ...overrides,
      },
      ports,
    );

  beforeAll(async () => {
    lab = await startMailLab({
      hosts: [
        { name: 'mx.acme.test', address: '127.0.1.2' },
        { name: 'mx.tls.test', address: '127.0.1.3', starttls: true },
        { name: 'down.multi.test', address: '127.0.1.4', mode: 'refused' },
        { name: 'up.multi.test', address: '127.0.1.5' },
        { name: 'mx.refused.test', address: '127.0.1.6', mode: 'refused' },
        { name: 'mx.silent.test', address: '127.0.1.7', mode: 'silent' },
        { name: 'mx.one.test', address: '127.0.1.8', maxSessionsPerClient: 1, bannerDelayMs: 150 },
        { name: 'acme-com.mail.protection.outlook.com', address: '127.0.1.9' },
        { name: 'mx.slow.test', address: '127.0.1.10', commandDelayMs: 30, bannerDelayMs: 50 },
      ],
      domains: [
        { name: 'acme.test', mx: [{ priority: 10, host: 'mx.acme.test' }], mailboxes },
        {
          name: 'aliases.test',
          mx: [{ priority: 10, host: 'mx.acme.test' }],
          mailboxes: ['john.doe', 'jdoe'],
        },
        {
          name: 'small.test',
          mx: [{ priority: 10, host: 'mx.acme.test' }],
          mailboxes: ['john', 'jane'],
        },
        {
          name: 'firsts.test',
          mx: [{ priority: 10, host: 'mx.acme.test' }],
          mailboxes: firstNames,
        },
        { name: 'catchall.test', mx: [{ priority: 10, host: 'mx.acme.test' }], catchAll: true },
        { name: 'known.test', mx: [{ priority: 10, host: 'mx.acme.test' }], catchAll: true },
        {
          name: 'ms.test',
          mx: [{ priority: 0, host: 'acme-com.mail.protection.outlook.com' }],
          catchAll: true,
        },
        {
          name: 'grey.test',
          mx: [{ priority: 10, host: 'mx.acme.test' }],
          mailboxes,
          greylistMs: 500,
        },
        {
          // The address is the seventh candidate: beyond the first stage.
          name: 'grey-late.test',
          mx: [{ priority: 10, host: 'mx.acme.test' }],
          mailboxes: ['ann_lee'],
          greylistMs: 500,
        },
        {
          name: 'limit.test',
          mx: [{ priority: 10, host: 'mx.acme.test' }],
          mailboxes: ['jane.roe'],
          recipientLimit: 2,
        },
        {
          name: 'drop.test',
          mx: [{ priority: 10, host: 'mx.acme.test' }],
          mailboxes,
          dropAfterRcpt: 1,
        },
        { name: 'tls.test', mx: [{ priority: 10, host: 'mx.tls.test' }], mailboxes },
        {
          name: 'multi.test',
          mx: [
            { priority: 20, host: 'up.multi.test' },
            { priority: 10, host: 'down.multi.test' },
          ],
          mailboxes,
        },
        { name: 'implicit.test', a: ['127.0.1.2'], mailboxes },
        { name: 'gone.test', nxdomain: true },
        { name: 'nullmx.test', nullMx: true },
        { name: 'nomail.test' },
        { name: 'dangling.test', mx: [{ priority: 10, host: 'mail.dangling.test' }] },
        { name: 'refused.test', mx: [{ priority: 10, host: 'mx.refused.test' }] },
        { name: 'silent.test', mx: [{ priority: 10, host: 'mx.silent.test' }] },
        { name: 'one.test', mx: [{ priority: 10, host: 'mx.one.test' }], mailboxes },
        { name: 'slow.test', mx: [{ priority: 10, host: 'mx.slow.test' }], mailboxes },
      ],
    });
  });
  afterAll(() => lab.close());

  it('finds a single exact match at 99 with the evidence, and learns the pattern', async () => {
    const store = createMemoryPatternStore();
    const finder = finderFor({}, { patternStore: store });
    const result = await finder.find({
      firstName: 'Jane',
      lastName: 'Roe',
      domain: 'https://www.acme.test/about',
    });
    expect(result.exactEmail).toBe('jane.roe@acme.test');
    expect(result.exactEmailScore).toBe(99);
    expect(result.error).toBeUndefined();
    expect(result.evidence).toMatchObject({
      domain: 'acme.test',
      mx: { host: 'mx.acme.test', address: '127.0.1.2', priority: 10, tls: false },
      catchAll: false,
      pattern: 'first.last',
      reason: 'Single exact match',
      sessions: 1,
    });
    expect(result.evidence.catchAllProbe?.code).toBe(550);
    const tried = result.evidence.candidates.find((c) => c.email === 'jane.roe@acme.test');
    expect(tried).toMatchObject({ status: 'accepted', code: 250 });
    const refused = result.evidence.candidates.find((c) => c.email === 'jroe@acme.test');
    expect(refused).toMatchObject({ status: 'rejected', code: 550, enhanced: '5.1.1' });
    expect(store.get('acme.test')).toMatchObject({
      pattern: 'first.last',
      confirmations: 1,
      contradictions: 0,
      sources: { verified: 1 },
    });
  });

  it('learns a first@ convention from accepted first names and then finds at 99', async () => {
    const store = createMemoryPatternStore();
    const finder = finderFor({}, { patternStore: store });
    // One by one: each accepted first@ is an observation; the fourth makes the pattern known.
    for (const colleague of colleagues.slice(0, 3))
      expect((await finder.find(colleague)).exactEmailScore).toBe(60);
    expect(store.get('firsts.test')).toMatchObject({
      pattern: 'first',
      confirmations: 3,
      sources: { smtp: 3 },
    });
    const next = await finder.find(colleagues[3]!);
    expect(next).toMatchObject({ exactEmail: 'dan@firsts.test', exactEmailScore: 99 });
    expect(next.evidence.knownPattern).toBe(true);
  });

  it('a batch learns from its own rows: colleagues at a first@ domain reach 99 together', async () => {
    const store = createMemoryPatternStore();
    const finder = finderFor({}, { patternStore: store });
    const results = await finder.findBatch(colleagues.slice(0, 6));
    expect(results.map((r) => r.exactEmailScore)).toEqual([99, 99, 99, 99, 99, 99]);
    expect(results[0]).toMatchObject({ exactEmail: 'ann@firsts.test' });
    expect(store.get('firsts.test')).toMatchObject({ pattern: 'first', confirmations: 6 });
  });

  it("does not give a namesake's first@ to another person once its owner is known", async () => {
    const store = createMemoryPatternStore();
    const finder = finderFor({}, { patternStore: store });
    await finder.findBatch(colleagues);
    // Ann Surnamea owns ann@; another Ann (an exception address, or none) is not her.
    const other = await finder.find({ firstName: 'Ann', lastName: 'Other', domain: 'firsts.test' });
    expect(other.exactEmailScore).toBeLessThan(95);
    const owner = await finder.find({
      firstName: 'Ann',
      lastName: 'Surnamea',
      domain: 'firsts.test',
    });
    expect(owner).toMatchObject({ exactEmail: 'ann@firsts.test', exactEmailScore: 99 });
  });

  it('never returns a bounced address at 95 or more, at a catch-all domain or not', async () => {
    const store = createMemoryPatternStore({
      'known.test': [
        ...observed('flast', 'known.test'),
        ...observed('flast', 'more.known.test'),
        ...observed('flast', 'most.known.test'),
      ],
    });
    store.record('known.test', { pattern: 'flast', email: 'jroe@known.test', source: 'bounce' });
    store.record('acme.test', {
      pattern: 'first.last',
      email: 'jane.roe@acme.test',
      source: 'bounce',
    });
    const finder = finderFor({}, { patternStore: store });
    const known = await finder.find({ firstName: 'Jane', lastName: 'Roe', domain: 'known.test' });
    expect(known.exactEmailScore).toBe(50);
    expect(known.exactEmail).not.toBe('jroe@known.test');
    const acme = await finder.find({ firstName: 'Jane', lastName: 'Roe', domain: 'acme.test' });
    expect(acme).toMatchObject({ exactEmail: 'jane.roe@acme.test', exactEmailScore: 60 });
    expect((await finder.verify('jane.roe@acme.test')).exactEmailScore).toBe(50);
    // Others still find theirs at 95 by the known pattern.
    const other = await finder.find({ firstName: 'Ann', lastName: 'Lee', domain: 'known.test' });
    expect(other).toMatchObject({ exactEmail: 'alee@known.test', exactEmailScore: 95 });
  });

  it("gives a catch-all person the address they replied from at 95, never someone else's", async () => {
    const store = createMemoryPatternStore();
    store.record('catchall.test', {
      pattern: 'first',
      email: 'ann@catchall.test',
      source: 'reply',
      owner: ownerKey('Ann', 'Lee'),
    });
    store.record('catchall.test', {
      pattern: 'flast',
      email: 'bstone@catchall.test',
      source: 'known',
      owner: ownerKey('Bob', 'Stone'),
    });
    const finder = finderFor({}, { patternStore: store });
    const ann = await finder.find({ firstName: 'Ann', lastName: 'Lee', domain: 'catchall.test' });
    expect(ann).toMatchObject({ exactEmail: 'ann@catchall.test', exactEmailScore: 95 });
    const namesake = await finder.find({
      firstName: 'Ann',
      lastName: 'Ray',
      domain: 'catchall.test',
    });
    expect(namesake.exactEmailScore).toBe(50);
    expect(namesake.exactEmail).not.toBe('ann@catchall.test');
    // A user's own contact teaches the pattern only: its address is not answered at 95.
    const bob = await finder.find({ firstName: 'Bob', lastName: 'Stone', domain: 'catchall.test' });
    expect(bob.exactEmailScore).toBe(50);
  });

  it('gives a catch-all person the address mail reached unbounced at 95 only where the domain bounces', async () => {
    const delivered = (email: string, firstName: string, lastName: string) => ({
      pattern: 'flast',
      email,
      source: 'delivered' as const,
      owner: ownerKey(firstName, lastName),
    });
    const bounce = { pattern: 'first.last', email: 'cleo.ward@catchall.test' };
    const annAt = async (store: ReturnType<typeof createMemoryPatternStore>, lastName = 'Lee') =>
      finderFor({}, { patternStore: store }).find({
        firstName: 'Ann',
        lastName,
        domain: 'catchall.test',
      });
    // A catch-all that has bounced an address after accepting it: mail that did not bounce
    // proves the address exists.
    const bouncing = createMemoryPatternStore({
      'catchall.test': [
        { ...bounce, source: 'bounce' },
        delivered('alee@catchall.test', 'Ann', 'Lee'),
      ],
    });
    expect(await annAt(bouncing)).toMatchObject({
      exactEmail: 'alee@catchall.test',
      exactEmailScore: 95,
    });
    // A namesake's candidate is the same address, but it is not theirs.
    const namesake = await annAt(
      createMemoryPatternStore({
        'catchall.test': [
          { ...bounce, source: 'bounce' },
          delivered('alee@catchall.test', 'Ann', 'Leigh'),
        ],
      }),
    );
    expect(namesake.exactEmailScore).toBe(50);
    // A catch-all that never bounced swallows everything: delivery proves nothing there.
    const silent = await annAt(
      createMemoryPatternStore({
        'catchall.test': [delivered('alee@catchall.test', 'Ann', 'Lee')],
      }),
    );
    expect(silent.exactEmailScore).toBe(50);
    // Mail reaching `ann@` proves that mailbox exists, not that it is Ann Lee's: a first-name
    // address could be any Ann's, so only a reply speaks for it.
    const firstName = await annAt(
      createMemoryPatternStore({
        'catchall.test': [
          { ...bounce, source: 'bounce' },
          { ...delivered('ann@catchall.test', 'Ann', 'Lee'), pattern: 'first' },
        ],
      }),
    );
    expect(firstName.exactEmailScore).toBe(50);
    // The address bounces later: it does not exist.
    bouncing.record('catchall.test', {
      pattern: 'flast',
      email: 'alee@catchall.test',
      source: 'bounce',
    });
    const later = await annAt(bouncing);
    expect(later.exactEmailScore).toBeLessThan(95);
    expect(later.exactEmail).not.toBe('alee@catchall.test');
  });

  it("counts a delivery only for its viewer, and only while the domain's bounce is recent", async () => {
    const day = 86_400_000;
    let now = Date.now();
    const clock: Clock = { now: () => now, sleep: systemClock.sleep };
    const store = createMemoryPatternStore({}, clock);
    store.record('catchall.test', {
      pattern: 'first.last',
      email: 'cleo.ward@catchall.test',
      source: 'bounce',
      observer: 'u1',
    });
    now += 100 * day;
    store.record('catchall.test', {
      pattern: 'flast',
      email: 'alee@catchall.test',
      source: 'delivered',
      owner: ownerKey('Ann', 'Lee'),
      observer: 'u1',
    });
    const ann = { firstName: 'Ann', lastName: 'Lee', domain: 'catchall.test' };
    const finder = finderFor({}, { patternStore: store, clock });
    expect(await finder.find(ann, { viewer: 'u1' })).toMatchObject({
      exactEmail: 'alee@catchall.test',
      exactEmailScore: 95,
    });
    // Another user's lookup: one user's campaign is not evidence for them.
    expect((await finder.find(ann, { viewer: 'u2' })).exactEmailScore).toBe(50);
    // 200 days after the bounce the domain may swallow everything now: delivery proves nothing.
    now += 100 * day;
    expect((await finder.find(ann, { viewer: 'u1' })).exactEmailScore).toBe(50);
    const patient = finderFor({ bouncingDomainDays: 365 }, { patternStore: store, clock });
    expect((await patient.find(ann, { viewer: 'u1' })).exactEmailScore).toBe(95);
  });

  it("keeps what a lookup learnt from a user's own evidence theirs: another user finds no fact in it", async () => {
    // aliases.test refuses unknown recipients; john.doe@ and jdoe@ both exist.
    const store = createMemoryPatternStore();
    const finder = finderFor({}, { patternStore: store });
    const john = { firstName: 'John', lastName: 'Doe', domain: 'aliases.test' };
    const jane = { firstName: 'Jane', lastName: 'Doe', domain: 'aliases.test' };
    // User A plants a bounce of John's address in their own inbox: for A, only jdoe@ is left.
    store.record('aliases.test', {
      pattern: 'first.last',
      email: 'john.doe@aliases.test',
      source: 'bounce',
      owner: ownerKey('John', 'Doe'),
      observer: 'A',
    });
    expect(await finder.find(john, { viewer: 'A' })).toMatchObject({
      exactEmail: 'jdoe@aliases.test',
      exactEmailScore: 99,
    });
    // That 99 rested on A's bounce: it is A's observation, not the finder's shared one.
    const rows = [...(store.entries().get('aliases.test')?.values() ?? [])];
    expect(rows.find((row) => row.email === 'jdoe@aliases.test')).toMatchObject({
      source: 'verified',
      observer: 'A',
    });
    // For B it is one other user's observation: it may count towards the domain's pattern, as
    // any user's contact does (at most two addresses each), but says nothing of whose jdoe@ is:
    // Jane's search still finds her address.
    expect(await finder.find(jane, { viewer: 'B' })).toMatchObject({
      exactEmail: 'jdoe@aliases.test',
      exactEmailScore: 99,
    });
  });

  it('asks only for the learnt pattern once the domain is warm', async () => {
    const store = createMemoryPatternStore({ 'acme.test': observed('first.last', 'acme.test') });
    const finder = finderFor({}, { patternStore: store });
    await finder.find({ firstName: 'Jane', lastName: 'Roe', domain: 'acme.test' });
    lab.resetStats();
    const result = await finder.find({ firstName: 'John', lastName: 'Doe', domain: 'acme.test' });
    expect(result).toMatchObject({ exactEmail: 'john.doe@acme.test', exactEmailScore: 99 });
    expect(lab.stats().commands.RCPT).toBe(1);
    expect(lab.stats().sessions).toBe(1);
  });

  it('gives 95 when several exact addresses are accepted', async () => {
    const result = await finderFor().find({
      firstName: 'John',
      lastName: 'Doe',
      domain: 'aliases.test',
    });
    expect(result.exactEmailScore).toBe(95);
    expect(result.exactEmail).toBe('john.doe@aliases.test');
  });

  it('gives 60 for a single address someone else could own', async () => {
    const result = await finderFor().find({
      firstName: 'Jane',
      lastName: 'Fox',
      domain: 'small.test',
    });
    expect(result).toMatchObject({ exactEmail: 'jane@small.test', exactEmailScore: 60 });
    expect(result.evidence.reason).toBe('Single possible valid email');
  });

  it('gives no address and a score below 50 when every candidate is refused', async () => {
    const result = await finderFor().find({
      firstName: 'Nobody',
      lastName: 'Here',
      domain: 'acme.test',
    });
    expect(result).toMatchObject({ exactEmail: null, exactEmailScore: 0 });
    expect(result.error).toBeUndefined();
  });

  it('gives 50 at a catch-all domain and 95 when its pattern is known', async () => {
    const unknown = await finderFor().find({
      firstName: 'Ann',
      lastName: 'Lee',
      domain: 'catchall.test',
    });
    expect(unknown).toMatchObject({ exactEmail: 'ann.lee@catchall.test', exactEmailScore: 50 });
    expect(unknown.evidence.catchAll).toBe(true);
    const store = createMemoryPatternStore({ 'known.test': observed('flast', 'known.test') });
    const known = await finderFor({}, { patternStore: store }).find({
      firstName: 'Ann',
      lastName: 'Lee',
      domain: 'known.test',
    });
    expect(known).toMatchObject({ exactEmail: 'alee@known.test', exactEmailScore: 95 });
  });

  it('treats a Microsoft 365 style accept-all host as catch-all', async () => {
    const result = await finderFor().find({ firstName: 'Ann', lastName: 'Lee', domain: 'ms.test' });
    expect(result.evidence.catchAll).toBe(true);
    expect(result.exactEmailScore).toBe(50);
  });

  it('caches the catch-all verdict: a second lookup opens no session', async () => {
    const finder = finderFor();
    await finder.find({ firstName: 'Ann', lastName: 'Lee', domain: 'catchall.test' });
    lab.resetStats();
    const again = await finder.find({ firstName: 'Bo', lastName: 'Ek', domain: 'catchall.test' });
    expect(again.evidence.catchAllProbe?.cached).toBe(true);
    expect(lab.stats().sessions).toBe(0);
  });

  it('retries a greylisted lookup after a back-off and never calls it invalid', async () => {
    const result = await finderFor().find({
      firstName: 'Jane',
      lastName: 'Roe',
      domain: 'grey.test',
    });
    expect(result).toMatchObject({ exactEmail: 'jane.roe@grey.test', exactEmailScore: 99 });
    expect(result.evidence.attempts).toBe(2);
  });

  it('asks every greylisted candidate again on the retry, not only the first few', async () => {
    const result = await finderFor().find({
      firstName: 'Ann',
      lastName: 'Lee',
      domain: 'grey-late.test',
    });
    expect(result).toMatchObject({ exactEmail: 'ann_lee@grey-late.test', exactEmailScore: 99 });
    expect(result.evidence.attempts).toBe(2);
  });

  it('answers unknown, not invalid, when greylisting outlasts the retries', async () => {
    const result = await finderFor({ greylistRetryDelaysMs: [] }).find({
      firstName: 'John',
      lastName: 'Doe',
      domain: 'grey.test',
    });
    expect(result.exactEmail).toBeNull();
    expect(result.exactEmailScore).toBeLessThan(50);
    expect(result.evidence.candidates.every((c) => c.status !== 'rejected')).toBe(true);
    expect(result.evidence.candidates.some((c) => c.status === 'tempfail')).toBe(true);
  });

  it('falls back to fewer recipients per transaction on 452 4.5.3', async () => {
    const result = await finderFor().find({
      firstName: 'Jane',
      lastName: 'Roe',
      domain: 'limit.test',
    });
    expect(result).toMatchObject({
      exactEmail: 'jane.roe@limit.test',
      exactEmailScore: 99,
      evidence: { sessions: 1 },
    });
    expect(result.evidence.candidates.every((c) => c.code !== 452)).toBe(true);
  });

  it('reports a dropped connection as an error, never as invalid', async () => {
    const result = await finderFor().find({
      firstName: 'Jane',
      lastName: 'Roe',
      domain: 'drop.test',
    });
    expect(result).toMatchObject({
      exactEmail: null,
      exactEmailScore: 0,
      error: 'Connection closed by the mail server',
    });
  });

  it('uses STARTTLS when offered', async () => {
    const result = await finderFor().find({
      firstName: 'Jane',
      lastName: 'Roe',
      domain: 'tls.test',
    });
    expect(result).toMatchObject({ exactEmailScore: 99, evidence: { mx: { tls: true } } });
  });

  it('tries MX hosts in priority order when one refuses the connection', async () => {
    const result = await finderFor().find({
      firstName: 'Jane',
      lastName: 'Roe',
      domain: 'multi.test',
    });
    expect(result).toMatchObject({
      exactEmailScore: 99,
      evidence: { mx: { host: 'up.multi.test', priority: 20 } },
    });
    expect(result.evidence.mxHosts.map((h) => h.name)).toEqual([
      'down.multi.test',
      'up.multi.test',
    ]);
  });

  it('uses the implicit MX (the domain address) when there is no MX record', async () => {
    const result = await finderFor().find({
      firstName: 'Jane',
      lastName: 'Roe',
      domain: 'implicit.test',
    });
    expect(result).toMatchObject({ exactEmailScore: 99, evidence: { implicitMx: true } });
  });

  it.each(['gone.test', 'nullmx.test', 'nomail.test', 'dangling.test'])(
    'answers "No MX records associated with domain found" for %s',
    async (domain) => {
      const result = await finderFor().find({ firstName: 'Jane', lastName: 'Roe', domain });
      expect(result).toMatchObject({
        exactEmail: null,
        exactEmailScore: 0,
        error: 'No MX records associated with domain found',
      });
    },
  );

  it('answers "Connection timed out" for a silent server', async () => {
    const result = await finderFor().find({
      firstName: 'Jane',
      lastName: 'Roe',
      domain: 'silent.test',
    });
    expect(result).toMatchObject({
      exactEmail: null,
      exactEmailScore: 0,
      error: 'Connection timed out',
    });
  });

  it('answers a refused connection with a clear error', async () => {
    const result = await finderFor().find({
      firstName: 'Jane',
      lastName: 'Roe',
      domain: 'refused.test',
    });
    expect(result).toMatchObject({
      exactEmail: null,
      error: 'Connection refused by the mail server',
    });
  });

  it('backs off a host that answers 421 and still finds the address', async () => {
    const finder = finderFor({ perHostConcurrency: 3 });
    const results = await Promise.all(
      ['Jane Roe', 'John Doe', 'Jane Roe'].map((name) => {
        const [firstName, lastName] = name.split(' ');
        return finder.find({ firstName: firstName!, lastName: lastName!, domain: 'one.test' });
      }),
    );
    expect(results.map((r) => r.exactEmailScore)).toEqual([99, 99, 99]);
  });

  it('survives a tarpit and a slow banner', async () => {
    const result = await finderFor().find({
      firstName: 'Jane',
      lastName: 'Roe',
      domain: 'slow.test',
    });
    expect(result.exactEmailScore).toBe(99);
  });

  it('does not contact MX hosts on loopback unless the operator allows it', async () => {
    lab.resetStats();
    const result = await finderFor({ allowPrivateMx: false }).find({
      firstName: 'Jane',
      lastName: 'Roe',
      domain: 'acme.test',
    });
    expect(result).toMatchObject({
      exactEmail: null,
      exactEmailScore: 0,
      error: 'Mail server address not allowed',
    });
    expect(lab.stats().sessions).toBe(0);
  });

  it('greets with the configured HELO name and never sends DATA', async () => {
    lab.resetStats();
    await finderFor({ heloName: 'probe.mailhound.test' }).find({
      firstName: 'Jane',
      lastName: 'Roe',
      domain: 'acme.test',
    });
    const commands = lab.stats().commands;
    expect(commands.EHLO).toBe(1);
    expect(commands.DATA).toBeUndefined();
  });

  it('verifies an address: 99 when the box exists, 0 when refused, 50 at a catch-all', async () => {
    const finder = finderFor();
    expect(await finder.verify('jane.roe@acme.test')).toMatchObject({
      exactEmail: 'jane.roe@acme.test',
      exactEmailScore: 99,
    });
    expect(await finder.verify('ghost@acme.test')).toMatchObject({
      exactEmail: null,
      exactEmailScore: 0,
    });
    expect((await finder.verify('x@catchall.test')).exactEmailScore).toBe(50);
    const role = await finder.verify('info@acme.test');
    expect(role.evidence.flags.role).toBe(true);
  });

  it('shares one session per domain in a batch and keeps two Johns below 95', async () => {
    const store = createMemoryPatternStore({ 'small.test': observed('first', 'small.test') });
    const finder = finderFor({}, { patternStore: store });
    lab.resetStats();
    const seen: number[] = [];
    const results = await finder.findBatch(
      [
        { firstName: 'John', lastName: 'Doe', domain: 'small.test' },
        { firstName: 'John', lastName: 'Smith', domain: 'small.test' },
        { firstName: 'Jane', lastName: 'Roe', domain: 'small.test' },
      ],
      { onResult: (index) => seen.push(index) },
    );
    expect(lab.stats().sessions).toBe(1);
    expect(results.map((r) => r.exactEmailScore)).toEqual([60, 60, 99]);
    expect(results[2]?.exactEmail).toBe('jane@small.test');
    expect(seen.sort()).toEqual([0, 1, 2]);
  });

  it('reports progress and stops when aborted', async () => {
    const stages: string[] = [];
    await finderFor().find(
      { firstName: 'Jane', lastName: 'Roe', domain: 'acme.test' },
      { onProgress: (e) => stages.push(e.stage) },
    );
    expect(stages).toEqual(['dns', 'smtp', 'scoring', 'done']);
    const controller = new AbortController();
    controller.abort();
    const aborted = await finderFor().find(
      { firstName: 'Jane', lastName: 'Roe', domain: 'acme.test' },
      { signal: controller.signal },
    );
    expect(aborted.exactEmailScore).toBe(0);
    expect(aborted.error).toBe('Aborted');
  });

  it('runs from the command line with JSON output', async () => {
    let out = '';
    const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => true } };
    const env = {
      FINDER_RESOLVERS: lab.dnsServer,
      FINDER_SMTP_PORT: String(lab.smtpPort),
      FINDER_ALLOW_PRIVATE_MX: 'true',
    };
    expect(await runFinderCli(['find', 'Jane', 'Roe', 'acme.test', '--json'], io, env)).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      exactEmail: 'jane.roe@acme.test',
      exactEmailScore: 99,
    });
    out = '';
    expect(await runFinderCli(['verify', 'jane.roe@acme.test'], io, env)).toBe(0);
    expect(out).toMatch(/score: +99 \(Single exact match\)/);
    expect(await runFinderCli(['nonsense'], io, env)).toBe(2);
  });
});
