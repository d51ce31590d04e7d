import { everyObservation } from '@mailhound/finder';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createPgPatternStore } from './pattern-store.ts';
import { domainPatterns } from './schema.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it('knows nothing about a domain without verified addresses', async () => {
  expect(await createPgPatternStore(t.db).get('unknown.test')).toBeNull();
});

it('leads with the pattern most verified addresses follow; the others contradict it', async () => {
  const store = createPgPatternStore(t.db);
  await store.record('acme.test', { pattern: 'flast', email: 'jdoe@acme.test' });
  await store.record('acme.test', { pattern: 'first.last', email: 'ann.lee@acme.test' });
  await store.record('acme.test', { pattern: 'first.last', email: 'bob.roe@acme.test' });
  await store.record('acme.test', { pattern: 'none', email: 'boss@acme.test' });
  expect(await store.get('acme.test')).toMatchObject({
    pattern: 'first.last',
    confirmations: 2,
    contradictions: 2,
    sources: { verified: 2 },
    // The finder's posterior over the same counts (knowledgeFrom): a mixed domain.
    personProbability: expect.closeTo(0.717, 3),
  });
});

it('counts an address once, with its latest pattern', async () => {
  const store = createPgPatternStore(t.db);
  await store.record('once.test', { pattern: 'first', email: 'Ann@once.test' });
  await store.record('once.test', { pattern: 'first', email: 'ann@once.test' });
  expect(await store.get('once.test')).toMatchObject({
    pattern: 'first',
    confirmations: 1,
    contradictions: 0,
    sources: { verified: 1 },
  });
  await store.record('once.test', { pattern: 'none', email: 'ann@once.test' });
  expect(await store.get('once.test')).toBeNull();
});

it('keeps the pattern seen first on a tie', async () => {
  const store = createPgPatternStore(t.db);
  await store.record('tie.test', { pattern: 'flast', email: 'alee@tie.test' });
  await store.record('tie.test', { pattern: 'first.last', email: 'bob.roe@tie.test' });
  expect(await store.get('tie.test')).toMatchObject({ pattern: 'flast', confirmations: 1 });
});

it('weighs each source, counts a bounce against its pattern and keeps it as a fact for everyone', async () => {
  const store = createPgPatternStore(t.db);
  await store.record('src.test', { pattern: 'first', email: 'ann@src.test', source: 'smtp' });
  await store.record('src.test', { pattern: 'first', email: 'bob@src.test', source: 'reply' });
  await store.record('src.test', { pattern: 'first', email: 'Cy@src.test', source: 'known' });
  await store.record('src.test', { pattern: 'first', email: 'dan@src.test', source: 'bounce' });
  expect(await store.get('src.test')).toMatchObject({
    pattern: 'first',
    confirmations: 3,
    contradictions: 1,
    sources: { smtp: 1, reply: 1, known: 1 },
  });
  expect((await createPgPatternStore(t.db).bounced('src.test')).addresses).toEqual([
    'dan@src.test',
  ]);
  // A list imported again does not bring it back.
  await store.record('src.test', { pattern: 'first', email: 'dan@src.test', source: 'known' });
  expect((await store.bounced('src.test')).addresses).toEqual(['dan@src.test']);
  // A reply from the bounced address later says it exists after all.
  await store.record('src.test', { pattern: 'first', email: 'dan@src.test', source: 'reply' });
  expect((await store.bounced('src.test')).addresses).toEqual([]);
});

it("counts a user's own contact once and never answers its address to anyone", async () => {
  const store = createPgPatternStore(t.db);
  await store.record('mine.test', { pattern: 'flast', email: 'JRoe@mine.test', source: 'known' });
  await store.record('mine.test', { pattern: 'flast', email: 'jroe@mine.test', source: 'reply' });
  expect(await store.get('mine.test')).toMatchObject({
    pattern: 'flast',
    confirmations: 1,
    sources: { reply: 1 },
  });
  expect((await store.bounced('mine.test')).addresses).toEqual([]);
});

it("knows whose an address is, for every user's lookups, until it bounces", async () => {
  const store = createPgPatternStore(t.db);
  await store.record('own.test', { pattern: 'first', email: 'ann@own.test', owner: 'ann lee' });
  await store.record('own.test', { pattern: 'first', email: 'bob@own.test', source: 'known' });
  expect(
    await createPgPatternStore(t.db).owners('own.test', [
      'ann@own.test',
      'bob@own.test',
      'x@own.test',
    ]),
  ).toEqual([['ann@own.test', 'ann lee', 'verified']]);
  // A reply says the address is its owner's own.
  await store.record('own.test', {
    pattern: 'first',
    email: 'cy@own.test',
    source: 'reply',
    owner: 'cy young',
  });
  expect(await store.owners('own.test', ['cy@own.test'])).toEqual([
    ['cy@own.test', 'cy young', 'reply'],
  ]);
  await store.record('own.test', { pattern: 'first', email: 'ann@own.test', source: 'bounce' });
  expect(await store.owners('own.test', ['ann@own.test'])).toEqual([]);
});

it("keeps a delivery from replacing another source's observation, but for a contact at a domain that bounces", async () => {
  const store = createPgPatternStore(t.db);
  const at = (email: string, source: 'known' | 'reply' | 'bounce' | 'delivered') =>
    store.record('sent.test', { pattern: 'first', email, source, owner: 'x' });
  await at('cleo@sent.test', 'known');
  await at('cleo@sent.test', 'delivered');
  // No bounce at the domain yet: the user's contact stays as it was.
  expect(await store.owners('sent.test', ['cleo@sent.test'])).toEqual([
    ['cleo@sent.test', 'x', 'known'],
  ]);
  await at('ann@sent.test', 'reply');
  await at('ann@sent.test', 'delivered');
  await at('bob@sent.test', 'bounce');
  await at('bob@sent.test', 'delivered');
  await at('cleo@sent.test', 'delivered');
  await at('dan@sent.test', 'delivered');
  await at('dan@sent.test', 'bounce');
  await at('eve@sent.test', 'delivered');
  const owners = await store.owners('sent.test', [
    'ann@sent.test',
    'cleo@sent.test',
    'eve@sent.test',
  ]);
  expect(owners.sort()).toEqual([
    ['ann@sent.test', 'x', 'reply'],
    ['cleo@sent.test', 'x', 'delivered'],
    ['eve@sent.test', 'x', 'delivered'],
  ]);
  expect((await store.bounced('sent.test')).addresses.sort()).toEqual([
    'bob@sent.test',
    'dan@sent.test',
  ]);
  expect(await store.get('sent.test')).toMatchObject({ sources: { reply: 1, delivered: 2 } });
});

it("keeps each user's observation of an address in its own row: one never replaces another's", async () => {
  const store = createPgPatternStore(t.db);
  const seen = (source: 'known' | 'bounce' | 'reply', observer: string) =>
    store.record('two.test', { pattern: 'first', email: 'ann@two.test', source, observer });
  await seen('reply', 'user-a');
  await seen('bounce', 'user-b');
  await seen('known', 'user-b');
  const rows = await t.db
    .select({ source: domainPatterns.source, observer: domainPatterns.observer })
    .from(domainPatterns)
    .where(eq(domainPatterns.domain, 'two.test'));
  expect(rows.sort((a, b) => a.observer.localeCompare(b.observer))).toEqual([
    { source: 'reply', observer: 'user-a' },
    // A re-imported list does not bring back what this user saw bounce.
    { source: 'bounce', observer: 'user-b' },
  ]);
  const viewOf = (viewer: string) => ({ ...everyObservation, viewer });
  expect((await store.bounced('two.test', viewOf('user-a'))).addresses).toEqual([]);
  expect((await store.bounced('two.test', viewOf('user-b'))).addresses).toEqual(['ann@two.test']);
});

it('makes deliveries count only while the domain has a bounce observed within the days set, from its updated_at', async () => {
  const store = createPgPatternStore(t.db);
  const observer = 'user-old';
  await store.record('old.test', {
    pattern: 'flast',
    email: 'egray@old.test',
    source: 'bounce',
    observer,
  });
  for (const name of ['ann.lee', 'bob.ray', 'cy.young'])
    await store.record('old.test', {
      pattern: 'first.last',
      email: `${name}@old.test`,
      source: 'delivered',
      owner: name,
      observer,
    });
  await t.db
    .update(domainPatterns)
    .set({ updatedAt: sql`now() - interval '200 days'` })
    .where(and(eq(domainPatterns.domain, 'old.test'), eq(domainPatterns.source, 'bounce')));
  const within = (days: number) => ({
    ...everyObservation,
    viewer: observer,
    bouncingSince: Date.now() - days * 86_400_000,
  });
  // 200 days old: the address still does not exist, but the deliveries prove nothing now.
  expect(await store.bounced('old.test', within(180))).toEqual({
    addresses: ['egray@old.test'],
    bouncing: false,
  });
  expect(await store.get('old.test', within(180))).toBeNull();
  expect((await store.bounced('old.test', within(365))).bouncing).toBe(true);
  expect(await store.get('old.test', within(365))).toMatchObject({
    pattern: 'first.last',
    sources: { delivered: 3 },
  });
  // The same user imports the address again as a contact: the bounce stays, and stays old.
  await store.record('old.test', {
    pattern: 'flast',
    email: 'egray@old.test',
    source: 'known',
    owner: 'ed gray',
    observer,
  });
  expect(await store.bounced('old.test', within(180))).toEqual({
    addresses: ['egray@old.test'],
    bouncing: false,
  });
  // It bounces again: a recent bounce.
  await store.record('old.test', {
    pattern: 'flast',
    email: 'egray@old.test',
    source: 'bounce',
    observer,
  });
  expect((await store.bounced('old.test', within(180))).bouncing).toBe(true);
});

it("tells whether a user recorded anything at a domain; the finder's own rows are nobody's", async () => {
  const store = createPgPatternStore(t.db);
  await store.record('seen.test', { pattern: 'first.last', email: 'ann.lee@seen.test' });
  await store.record('seen.test', {
    pattern: 'flast',
    email: 'broe@seen.test',
    source: 'bounce',
    observer: 'user-a',
  });
  expect(await store.observedBy('seen.test', 'user-a')).toBe(true);
  expect(await store.observedBy('seen.test', 'user-b')).toBe(false);
  expect(await store.observedBy('other.test', 'user-a')).toBe(false);
  expect(await store.observedBy('seen.test', '')).toBe(false);
});
