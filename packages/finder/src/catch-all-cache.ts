export interface CatchAllProbe {
  email: string;
  code: number | null;
  enhanced: string | null;
  text: string | null;
  // true when the verdict came from the per-domain cache, not this lookup.
  cached: boolean;
}

export interface CatchAllVerdict {
  catchAll: boolean;
  probe: CatchAllProbe;
}

// A domain's catch-all verdict for `ttlMs`: while it holds, a catch-all domain needs no
// session at all and another domain's sessions skip the probe.
export interface CatchAllCache {
  get: (domain: string) => CatchAllVerdict | null;
  remember: (domain: string, verdict: CatchAllVerdict) => void;
}

export function createCatchAllCache(options: {
  ttlMs: number;
  now: () => number;
  maxDomains?: number;
}): CatchAllCache {
  const maxDomains = options.maxDomains ?? 100_000;
  const verdicts = new Map<string, CatchAllVerdict & { expires: number }>();
  return {
    get(domain) {
      const cached = verdicts.get(domain);
      if (!cached || cached.expires <= options.now()) return null;
      return { catchAll: cached.catchAll, probe: { ...cached.probe, cached: true } };
    },
    remember(domain, verdict) {
      // Re-inserted last, so the oldest verdict is the first to go when the cache is full.
      verdicts.delete(domain);
      verdicts.set(domain, { ...verdict, expires: options.now() + options.ttlMs });
      if (verdicts.size > maxDomains) verdicts.delete(verdicts.keys().next().value!);
    },
  };
}
