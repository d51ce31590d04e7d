import { describe, expect, it } from 'vitest';
import { type CatchAllVerdict, createCatchAllCache } from './catch-all-cache.ts';

const verdict = (catchAll: boolean): CatchAllVerdict => ({
  catchAll,
  probe: {
    email: 'x@acme.test',
    code: catchAll ? 250 : 550,
    enhanced: null,
    text: '',
    cached: false,
  },
});

describe('the catch-all cache', () => {
  it('answers a remembered verdict, marked cached, until it expires', () => {
    let now = 1_000;
    const cache = createCatchAllCache({ ttlMs: 500, now: () => now });
    expect(cache.get('acme.test')).toBeNull();
    cache.remember('acme.test', verdict(true));
    expect(cache.get('acme.test')).toEqual({
      catchAll: true,
      probe: { ...verdict(true).probe, cached: true },
    });
    now = 1_499;
    expect(cache.get('acme.test')?.catchAll).toBe(true);
    now = 1_500;
    expect(cache.get('acme.test')).toBeNull();
  });

  it('forgets the oldest verdict when full; remembering one again makes it the newest', () => {
    const cache = createCatchAllCache({ ttlMs: 60_000, now: () => 0, maxDomains: 2 });
    cache.remember('a.test', verdict(true));
    cache.remember('b.test', verdict(false));
    cache.remember('a.test', verdict(true));
    cache.remember('c.test', verdict(false));
    expect(cache.get('b.test')).toBeNull();
    expect(cache.get('a.test')?.catchAll).toBe(true);
    expect(cache.get('c.test')?.catchAll).toBe(false);
  });
});
