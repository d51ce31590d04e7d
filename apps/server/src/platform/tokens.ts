import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Clock } from './clock.ts';

// The login token: HS256 with sub, auth (the login provider, product-spec §3 "User"), ver, iat,
// exp (product-spec §2 "Route table and guards": a login is valid while exp is in the future).
export type TokenClaims = { sub: string; auth: 'local' | 'google'; ver: number };

const claimsSchema = z.object({
  sub: z.uuid(),
  auth: z.enum(['local', 'google']),
  ver: z.number().int().nonnegative(),
});

export type Tokens = {
  sign: (claims: TokenClaims) => Promise<string>;
  // undefined for a token that is malformed, forged or expired.
  verify: (token: string) => Promise<TokenClaims | undefined>;
  // Short-lived signed values that are not login tokens (e.g. the OIDC state).
  signValue: (
    purpose: string,
    value: Record<string, unknown>,
    ttlSeconds: number,
  ) => Promise<string>;
  verifyValue: (purpose: string, token: string) => Promise<Record<string, unknown> | undefined>;
};

export function createTokens(options: {
  secret: string;
  ttlSeconds: number;
  clock: Clock;
}): Tokens {
  const key = new TextEncoder().encode(options.secret);
  const seconds = () => Math.floor(options.clock.now().getTime() / 1000);

  const signWith = (payload: Record<string, unknown>, ttlSeconds: number, audience?: string) => {
    const now = seconds();
    const jwt = new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds);
    return (audience ? jwt.setAudience(audience) : jwt).sign(key);
  };

  const verifyWith = async (token: string, audience?: string) => {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate: options.clock.now(),
        // jose only checks `exp` when present: a token without one would never expire.
        requiredClaims: ['exp'],
        ...(audience ? { audience } : {}),
      });
      return payload;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  };

  return {
    sign: (claims) => signWith({ ...claims }, options.ttlSeconds),
    verify: async (token) => {
      const payload = await verifyWith(token);
      // Login tokens carry no audience; signed values do, so one can never stand in for the other.
      if (!payload || payload.aud !== undefined) return undefined;
      const parsed = claimsSchema.safeParse(payload);
      return parsed.success ? parsed.data : undefined;
    },
    signValue: (purpose, value, ttlSeconds) => signWith(value, ttlSeconds, purpose),
    verifyValue: (purpose, token) => verifyWith(token, purpose),
  };
}
