import { describe, expect, it } from 'vitest';
import {
  createMemoryPatternStore,
  type EvidenceView,
  everyObservation,
  isKnownForPeople,
  isKnownPattern,
  knowledgeFrom,
  legacyObserver,
  noPattern,
  type ObservationCount,
  type ObservationSource,
  wilsonLowerBound,
} from './pattern-knowledge.ts';

const confidence = { knownPatternMinConfirmations: 10, knownPatternMinShare: 0.7 };

describe('pattern knowledge', () => {
  it('counts verified addresses that follow the leading pattern and those that do not', async () => {
    const store = createMemoryPatternStore();
    store.record('acme.com', { pattern: 'first.last', email: 'jane.roe@acme.com' });
    store.record('acme.com', { pattern: 'first.last', email: 'john.doe@acme.com' });
    store.record('acme.com', { pattern: 'flast', email: 'asmith@acme.com' });
    store.record('acme.com', { pattern: noPattern, email: 'boss@acme.com' });
    expect(await store.get('acme.com')).toMatchObject({
      pattern: 'first.last',
      confirmations: 2,
      contradictions: 2,
      sources: { verified: 2 },
    });
    expect(await store.get('other.com')).toBeNull();
  });

  it('counts every source towards the pattern and a bounce against it', async () => {
    const store = createMemoryPatternStore();
    store.record('acme.com', { pattern: 'first', email: 'jane@acme.com', source: 'smtp' });
    store.record('acme.com', { pattern: 'first', email: 'john@acme.com', source: 'reply' });
    store.record('acme.com', { pattern: 'first', email: 'ann@acme.com', source: 'known' });
    store.record('acme.com', { pattern: 'first', email: 'bob@acme.com', source: 'bounce' });
    store.record('acme.com', { pattern: 'flast', email: 'cdoe@acme.com', source: 'bounce' });
    const knowledge = await store.get('acme.com');
    expect(knowledge).toMatchObject({ pattern: 'first', confirmations: 3, contradictions: 1 });
    expect(knowledge?.sources).toEqual({ smtp: 1, reply: 1, known: 1 });
    expect((await store.bounced('acme.com')).addresses.sort()).toEqual([
      'bob@acme.com',
      'cdoe@acme.com',
    ]);
  });

  it('keeps an address as bounced for everyone until a later observation says it exists', async () => {
    const store = createMemoryPatternStore();
    store.record('acme.com', { pattern: 'first', email: 'Bob@acme.com', source: 'bounce' });
    expect(await store.get('acme.com')).toBeNull();
    expect((await store.bounced('acme.com')).addresses).toEqual(['bob@acme.com']);
    store.record('acme.com', { pattern: 'first', email: 'bob@acme.com', source: 'known' });
    expect((await store.bounced('acme.com')).addresses).toEqual(['bob@acme.com']);
    store.record('acme.com', { pattern: 'first', email: 'bob@acme.com', source: 'reply' });
    expect((await store.bounced('acme.com')).addresses).toEqual([]);
  });

  it('counts mail that did not bounce only at a domain that has bounced an address', async () => {
    const store = createMemoryPatternStore();
    for (const name of ['ann.lee', 'bob.ray', 'cleo.ward'])
      store.record('acme.com', {
        pattern: 'first.last',
        email: `${name}@acme.com`,
        source: 'delivered',
      });
    store.record('acme.com', { pattern: 'flast', email: 'dfox@acme.com', source: 'known' });
    // Nothing bounced yet: delivered proves nothing there, so the user's contact leads.
    expect(await store.get('acme.com')).toMatchObject({ pattern: 'flast', confirmations: 1 });
    store.record('acme.com', { pattern: 'flast', email: 'egray@acme.com', source: 'bounce' });
    const knowledge = await store.get('acme.com');
    expect(knowledge).toMatchObject({ pattern: 'first.last', confirmations: 3, contradictions: 1 });
    expect(knowledge?.sources).toEqual({ delivered: 3 });
  });

  it('lets a delivery fill an address nobody observed, and replace a contact only where the domain bounces', async () => {
    const store = createMemoryPatternStore();
    const at = (email: string, source: ObservationSource) =>
      store.record('acme.com', { pattern: 'first', email, source, owner: 'x' });
    at('cleo@acme.com', 'known');
    at('cleo@acme.com', 'delivered');
    // No bounce at the domain yet: the user's contact stays as it was.
    expect(await store.owners('acme.com', ['cleo@acme.com'])).toEqual([
      ['cleo@acme.com', 'x', 'known'],
    ]);
    at('ann@acme.com', 'reply');
    at('ann@acme.com', 'delivered');
    at('bob@acme.com', 'bounce');
    at('bob@acme.com', 'delivered');
    at('cleo@acme.com', 'delivered');
    at('dan@acme.com', 'delivered');
    at('dan@acme.com', 'bounce');
    at('eve@acme.com', 'delivered');
    expect(
      await store.owners('acme.com', ['ann@acme.com', 'cleo@acme.com', 'eve@acme.com']),
    ).toEqual([
      ['ann@acme.com', 'x', 'reply'],
      ['cleo@acme.com', 'x', 'delivered'],
      ['eve@acme.com', 'x', 'delivered'],
    ]);
    expect((await store.bounced('acme.com')).addresses.sort()).toEqual([
      'bob@acme.com',
      'dan@acme.com',
    ]);
  });

  it('makes deliveries count only while the domain has a bounce observed within the days set', async () => {
    const day = 86_400_000;
    let now = 1_000 * day;
    const store = createMemoryPatternStore({}, { now: () => now });
    store.record('acme.com', { pattern: 'flast', email: 'egray@acme.com', source: 'bounce' });
    now += 200 * day;
    for (const name of ['ann.lee', 'bob.ray', 'cleo.ward'])
      store.record('acme.com', {
        pattern: 'first.last',
        email: `${name}@acme.com`,
        source: 'delivered',
      });
    const within = (days: number): EvidenceView => ({
      ...everyObservation,
      bouncingSince: now - days * day,
    });
    // The bounce is 200 days old: it still says the address does not exist, but the domain
    // may have become a silent catch-all since, so the deliveries prove nothing.
    expect(await store.bounced('acme.com', within(180))).toEqual({
      addresses: ['egray@acme.com'],
      bouncing: false,
    });
    expect(await store.get('acme.com', within(180))).toBeNull();
    expect((await store.bounced('acme.com', within(365))).bouncing).toBe(true);
    expect(await store.get('acme.com', within(365))).toMatchObject({ pattern: 'first.last' });
    // A contact import of the address leaves the old bounce old; a new bounce of it is recent.
    store.record('acme.com', { pattern: 'flast', email: 'egray@acme.com', source: 'known' });
    expect((await store.bounced('acme.com', within(180))).bouncing).toBe(false);
    store.record('acme.com', { pattern: 'flast', email: 'egray@acme.com', source: 'bounce' });
    expect((await store.bounced('acme.com', within(180))).bouncing).toBe(true);
  });

  describe('evidence weighed by who saw it', () => {
    let now = 0;
    const store = () => createMemoryPatternStore({}, { now: () => ++now });
    const forUser = (viewer: string): EvidenceView => ({ ...everyObservation, viewer });

    it("does not let one user's bounce hide an address from another, only from themselves", async () => {
      const s = store();
      s.record('acme.com', { pattern: 'first', email: 'ceo@acme.com', owner: 'ceo' });
      s.record('acme.com', {
        pattern: 'first',
        email: 'ceo@acme.com',
        source: 'bounce',
        observer: 'a',
      });
      expect((await s.bounced('acme.com', forUser('b'))).addresses).toEqual([]);
      expect((await s.bounced('acme.com', forUser('a'))).addresses).toEqual(['ceo@acme.com']);
      expect(await s.owners('acme.com', ['ceo@acme.com'], forUser('b'))).toEqual([
        ['ceo@acme.com', 'ceo', 'verified'],
      ]);
      // The finder's own observation of the address is still there for b.
      expect(await s.get('acme.com', forUser('b'))).toMatchObject({ confirmations: 1 });
      s.record('acme.com', {
        pattern: 'first',
        email: 'ceo@acme.com',
        source: 'bounce',
        observer: 'c',
      });
      expect((await s.bounced('acme.com', forUser('b'))).addresses).toEqual(['ceo@acme.com']);
      expect(await s.owners('acme.com', ['ceo@acme.com'], forUser('b'))).toEqual([]);
    });

    it('never lets the observations recorded before observers were agree with a user', async () => {
      const s = store();
      const bounce = (observer: string) =>
        s.record('acme.com', {
          pattern: 'first',
          email: 'ceo@acme.com',
          source: 'bounce',
          observer,
        });
      // An old planted bounce, kept as the legacy observer's, and its planter's new account.
      bounce(legacyObserver);
      bounce('a');
      expect((await s.bounced('acme.com', forUser('b'))).addresses).toEqual([]);
      bounce('c');
      expect((await s.bounced('acme.com', forUser('b'))).addresses).toEqual(['ceo@acme.com']);
    });

    it("counts at most two of another user's addresses per domain, none of them as whose it is", async () => {
      const s = store();
      for (const name of ['ann', 'bob', 'cleo', 'dan', 'eve'])
        s.record('acme.com', {
          pattern: 'first',
          email: `${name}@acme.com`,
          source: 'known',
          owner: name,
          observer: 'a',
        });
      expect(await s.get('acme.com', forUser('a'))).toMatchObject({ confirmations: 5 });
      expect(await s.get('acme.com', forUser('b'))).toMatchObject({ confirmations: 2 });
      expect(await s.owners('acme.com', ['ann@acme.com'], forUser('b'))).toEqual([]);
      s.record('acme.com', {
        pattern: 'first',
        email: 'ann@acme.com',
        source: 'reply',
        owner: 'ann',
        observer: 'c',
      });
      // a and c agree ann@ is Ann's; a's two addresses are spent on its latest ones.
      expect(await s.owners('acme.com', ['ann@acme.com'], forUser('b'))).toEqual([
        ['ann@acme.com', 'ann', 'known'],
      ]);
      expect(await s.get('acme.com', forUser('b'))).toMatchObject({ confirmations: 2 });
    });

    it("gives the owner fact of a reply only to its user, or when two others' agree", async () => {
      const s = store();
      const reply = (observer: string, owner = 'jane') =>
        s.record('acme.com', {
          pattern: 'first',
          email: 'jane@acme.com',
          source: 'reply',
          owner,
          observer,
        });
      reply('a');
      expect(await s.owners('acme.com', ['jane@acme.com'], forUser('a'))).toEqual([
        ['jane@acme.com', 'jane', 'reply'],
      ]);
      expect(await s.owners('acme.com', ['jane@acme.com'], forUser('b'))).toEqual([]);
      reply('c', 'john');
      expect(await s.owners('acme.com', ['jane@acme.com'], forUser('b'))).toEqual([]);
      reply('d');
      expect(await s.owners('acme.com', ['jane@acme.com'], forUser('b'))).toEqual([
        ['jane@acme.com', 'jane', 'reply'],
      ]);
    });

    it('never lets one user replace what another recorded', async () => {
      const s = store();
      s.record('acme.com', {
        pattern: 'first',
        email: 'bob@acme.com',
        source: 'bounce',
        observer: 'a',
      });
      s.record('acme.com', {
        pattern: 'first',
        email: 'bob@acme.com',
        source: 'reply',
        owner: 'bob',
        observer: 'b',
      });
      expect((await s.bounced('acme.com', forUser('a'))).addresses).toEqual(['bob@acme.com']);
      expect(await s.owners('acme.com', ['bob@acme.com'], forUser('b'))).toEqual([
        ['bob@acme.com', 'bob', 'reply'],
      ]);
    });
  });

  it('counts an address once however often it is recorded', async () => {
    const store = createMemoryPatternStore();
    for (let i = 0; i < 5; i++)
      store.record('acme.com', { pattern: 'first.last', email: 'jane.roe@acme.com' });
    expect(await store.get('acme.com')).toMatchObject({ confirmations: 1, contradictions: 0 });
  });

  it('bounds the share from below, more tightly with more observations', () => {
    expect(wilsonLowerBound(0, 0)).toBe(0);
    expect(wilsonLowerBound(5, 5)).toBeCloseTo(0.566, 3);
    expect(wilsonLowerBound(20, 20)).toBeCloseTo(0.839, 3);
    expect(wilsonLowerBound(18, 20)).toBeLessThan(wilsonLowerBound(20, 20));
  });

  it('knows a pattern only with enough confirmations and a high enough lower bound', () => {
    const known = (confirmations: number, contradictions: number) =>
      isKnownPattern(
        {
          pattern: 'flast',
          confirmations,
          contradictions,
          sources: {},
          patternProbability: 1,
          personProbability: 1,
        },
        confidence,
      );
    expect(known(12, 0)).toBe(true);
    expect(known(9, 0)).toBe(false);
    expect(known(12, 6)).toBe(false);
    expect(isKnownPattern(null, confidence)).toBe(false);
  });

  describe("the catch-all judgement (a posterior over the domain's patterns)", () => {
    const knowledge = (...counts: Array<[string, ObservationCount['source'], number]>) =>
      knowledgeFrom(counts.map(([pattern, source, count]) => ({ pattern, source, count })));
    const atCatchAll = { knownPatternMinProbability: 0.97 };

    it('is sure of the pattern after a few agreeing replies, but not yet of every person', () => {
      const replies = knowledge(['first.last', 'reply', 4]);
      expect(replies?.patternProbability).toBeGreaterThan(0.999);
      expect(replies?.personProbability).toBeCloseTo(0.944, 3);
      expect(isKnownForPeople(replies, atCatchAll)).toBe(false);
      const many = knowledge(['first.last', 'known', 8], ['first.last', 'reply', 4]);
      expect(isKnownForPeople(many, atCatchAll)).toBe(true);
    });

    it('counts the bounces of other patterns for the leading one, and its own against it', () => {
      const alone = knowledge(['first.last', 'reply', 1]);
      const othersBounced = knowledge(
        ['first.last', 'reply', 1],
        ['flast', 'bounce', 2],
        ['first', 'bounce', 2],
      );
      expect(othersBounced!.patternProbability).toBeGreaterThan(alone!.patternProbability);
      const ownBounced = knowledge(['first.last', 'known', 20], ['first.last', 'bounce', 1]);
      expect(ownBounced?.contradictions).toBe(1);
      expect(ownBounced!.personProbability).toBeLessThan(
        knowledge(['first.last', 'known', 20])!.personProbability,
      );
      expect(isKnownForPeople(ownBounced, atCatchAll)).toBe(false);
    });

    it('doubts a domain where two patterns both have followers', () => {
      const mixed = knowledge(['first.last', 'known', 12], ['flast', 'known', 4]);
      expect(mixed?.pattern).toBe('first.last');
      expect(mixed!.personProbability).toBeLessThan(0.8);
      expect(isKnownForPeople(mixed, atCatchAll)).toBe(false);
      // With as many followers each, neither pattern is sure.
      expect(
        knowledge(['first.last', 'known', 4], ['flast', 'known', 4])!.patternProbability,
      ).toBeLessThan(0.9);
      expect(isKnownForPeople(knowledge(['first.last', 'known', 16]), atCatchAll)).toBe(true);
      expect(isKnownForPeople(null, atCatchAll)).toBe(false);
    });
  });
});
