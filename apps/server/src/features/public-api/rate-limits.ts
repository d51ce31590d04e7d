import type { Limit, RateLimiter } from '../../platform/rate-limit.ts';

// Hunter's per-key limits (API v2 "Rate limits"): 15 requests a second and 500 a minute, the
// Email Verifier 10 and 300. Counted in PostgreSQL (platform/rate-limit.ts), so they hold
// across API processes.
export type KeyLimits = readonly Limit[];

function perKey(name: string, perSecond: number, perMinute: number): KeyLimits {
  const refusal = (count: number, unit: string) =>
    `You have reached the rate limit of ${count} requests a ${unit} for this endpoint.`;
  return [
    {
      bucket: `v2-${name}-s`,
      max: perSecond,
      windowMs: 1000,
      refusal: refusal(perSecond, 'second'),
    },
    {
      bucket: `v2-${name}-m`,
      max: perMinute,
      windowMs: 60_000,
      refusal: refusal(perMinute, 'minute'),
    },
  ];
}

export const keyLimits = {
  search: perKey('search', 15, 500),
  verifier: perKey('verifier', 10, 300),
  // Email Count and Account: free calls, at the search pace.
  free: perKey('free', 15, 500),
} as const;

// A 429 with Retry-After (platform/rate-limit.ts) once the key went past a limit.
export async function consumeKeyLimits(
  limiter: RateLimiter,
  limits: KeyLimits,
  keyId: string,
): Promise<void> {
  for (const limit of limits) await limiter.consume(limit, keyId);
}
