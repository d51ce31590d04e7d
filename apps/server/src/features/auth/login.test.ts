import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf, logIn, signUp } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const login = (username: string, password: string, ip = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: ip,
  });

describe('POST /api/auth/login', () => {
  it('answers a JWT carrying sub, auth, ver and a 7-day expiry, also for unverified users', async () => {
    const user = await signUp(t);
    const token = await logIn(t, user.username, user.password);
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ sub: user.id, auth: 'local', ver: 0 });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(7 * 24 * 3600);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await signUp(t);
    const wrongPassword = await login(user.username, 'Wrong1234');
    const unknownEmail = await login('nobody@acme.com', user.password);
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'These credentials do not match our records.',
      });
    }
  });

  it('refuses an address for 15 minutes after 10 wrong passwords from it, even with the right one', async () => {
    const user = await signUp(t);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(user.username, 'Wrong1234', '10.0.0.1')).statusCode).toBe(401);
    }
    const locked = await login(user.username, user.password, '10.0.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    expect(locked.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many attempts. Please try again in 15 minutes.',
    });

    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(user.username, user.password, '10.0.0.1')).statusCode).toBe(200);
  });

  it("a stranger's wrong passwords do not lock the owner out", async () => {
    const user = await signUp(t);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      await login(user.username, 'Wrong1234', '203.0.113.66');
    }
    expect((await login(user.username, user.password, '203.0.113.66')).statusCode).toBe(429);
    expect((await login(user.username, user.password, '198.51.100.20')).statusCode).toBe(200);
  });

  it('answers an empty password with the spec message', async () => {
    const response = await login('ann@acme.com', '');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password is required');
  });
});

describe('login rate limit per client address', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ rateLimits: { loginPerIp: 3 } });
  });
  afterAll(() => limited.close());

  it('answers 429 once an address has used its attempts', async () => {
    const attempt = (ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'ann@acme.com', password: 'Whatever1' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt('10.1.1.1')).statusCode).toBe(401);
    const blocked = await attempt('10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      statusCode: 429,
      message: 'Too many attempts. Please try again in 15 minutes.',
    });
    expect(blocked.headers['retry-after']).toBe('900');
    expect((await attempt('10.1.1.2')).statusCode).toBe(401);
  });
});

describe('login rate limit behind a reverse proxy (TRUST_PROXY)', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestContext({
      rateLimits: { loginPerIp: 2 },
      env: { TRUST_PROXY: '10.0.0.1' },
    });
  });
  afterAll(() => proxied.close());

  it('counts each client named by the trusted proxy apart, not the proxy itself', async () => {
    const attempt = (client: string, proxy = '10.0.0.1') =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'ann@acme.com', password: 'Whatever1' },
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': client },
      });
    for (let i = 0; i < 2; i += 1) expect((await attempt('198.51.100.7')).statusCode).toBe(401);
    expect((await attempt('198.51.100.7')).statusCode).toBe(429);
    // Another client behind the same proxy still has its attempts.
    expect((await attempt('198.51.100.8')).statusCode).toBe(401);
    // An untrusted sender cannot pick its address: it is counted as itself.
    for (let i = 0; i < 2; i += 1)
      expect((await attempt(`203.0.113.${i}`, '192.0.2.9')).statusCode).toBe(401);
    expect((await attempt('203.0.113.99', '192.0.2.9')).statusCode).toBe(429);
  });
});

describe('wrong passwords from many addresses (per-account ceiling)', () => {
  let ceiling: TestContext;
  beforeAll(async () => {
    ceiling = await createTestContext({ rateLimits: { loginPerAccount: 5 } });
  });
  afterAll(() => ceiling.close());

  it('locks the account for everyone once the ceiling is reached, until the window ends', async () => {
    const user = await signUp(ceiling);
    const attempt = (password: string, ip: string) =>
      ceiling.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i += 1)
      expect((await attempt('Wrong1234', `10.9.0.${i}`)).statusCode).toBe(401);
    const locked = await attempt(user.password, '10.9.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
    ceiling.clock.advance(15 * 60_000 + 1000);
    expect((await attempt(user.password, '10.9.1.1')).statusCode).toBe(200);
  });
});
