import { describe, expect, it } from 'vitest';
import { lookupDomain } from './domain-lookup.ts';
import { createMemoryPatternStore } from './pattern-knowledge.ts';
import type { DnsResult, Resolver } from './resolver.ts';

const ok = <T>(records: T[]): DnsResult<T> => ({ status: 'ok', records, ttlSeconds: 300 });

const resolver: Resolver = {
  mx: async (domain) =>
    domain === 'gone.test'
      ? { status: 'nxdomain', records: [], ttlSeconds: 60 }
      : ok([{ priority: 10, exchange: 'mx.acme.test' }]),
  addresses: async (_name, family) => ok(family === 4 ? ['192.0.2.1'] : []),
};

const colleagues = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ pattern: 'flast', email: `c${i}@acme.test` }));

const deps = (store = createMemoryPatternStore()) => {
  let now = 0;
  return {
    resolver,
    patternStore: store,
    confidence: { knownPatternMinProbability: 0.97 },
    refusedConfidence: { knownPatternMinConfirmations: 3, knownPatternMinShare: 0.5 },
    privateAddresses: false,
    now: () => (now += 5),
  };
};

describe('the domain lookup', () => {
  it('starts from the mail route and the pattern the verified addresses follow', async () => {
    const store = createMemoryPatternStore({ 'acme.test': colleagues(3) });
    const lookup = await lookupDomain('acme.test', deps(store));
    expect(lookup).toMatchObject({
      mxHosts: [{ name: 'mx.acme.test', priority: 10, addresses: ['192.0.2.1'] }],
      implicit: false,
      learnt: 'flast',
      knowledge: { pattern: 'flast', confirmations: 3, contradictions: 0 },
      known: false,
      catchAll: null,
      sessions: 0,
      dnsMs: 5,
    });
    expect(lookup.error).toBeUndefined();
    expect(lookup.replies.size).toBe(0);
  });

  it('calls the pattern known past the thresholds', async () => {
    const store = createMemoryPatternStore({ 'acme.test': colleagues(16) });
    expect((await lookupDomain('acme.test', deps(store))).known).toBe(true);
  });

  it('knows a pattern sooner where the domain refuses unknown recipients', async () => {
    const few = await lookupDomain(
      'acme.test',
      deps(createMemoryPatternStore({ 'acme.test': colleagues(4) })),
    );
    expect(few).toMatchObject({ known: false, knownWhereRefused: true });
    const three = await lookupDomain(
      'acme.test',
      deps(createMemoryPatternStore({ 'acme.test': colleagues(3) })),
    );
    expect(three).toMatchObject({ known: false, knownWhereRefused: false });
  });

  it('ends with the route error, without the pattern knowledge', async () => {
    const store = createMemoryPatternStore({ 'gone.test': colleagues(16) });
    const lookup = await lookupDomain('gone.test', deps(store));
    expect(lookup).toMatchObject({
      error: 'No MX records associated with domain found',
      detail: 'The domain does not exist (NXDOMAIN)',
      mxHosts: [],
      learnt: null,
      known: false,
    });
  });
});
