import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../test/test-clock.ts';
import { createTokens } from './tokens.ts';

const secret = 'test-secret-that-is-long-enough-for-hs256';
const clock = createTestClock();
const tokens = createTokens({ secret, ttlSeconds: 3600, clock });
const key = new TextEncoder().encode(secret);
const claims = { sub: randomUUID(), auth: 'local', ver: 0 };

describe('login tokens', () => {
  it('accepts a token it signed', async () => {
    expect(await tokens.verify(await tokens.sign({ ...claims, auth: 'local' }))).toEqual(claims);
  });

  it('refuses a token signed with the real secret but without an expiry', async () => {
    const forever = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .sign(key);
    expect(await tokens.verify(forever)).toBeUndefined();
  });

  it('refuses a signed value without an expiry', async () => {
    const forever = await new SignJWT({ redirectUrl: '/search/single' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience('oidc-state')
      .sign(key);
    expect(await tokens.verifyValue('oidc-state', forever)).toBeUndefined();
  });
});
