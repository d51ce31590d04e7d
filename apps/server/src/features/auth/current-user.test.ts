import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const getUser = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: authorization ? { authorization } : {},
  });

const unauthorized = { statusCode: 401, error: 'Unauthorized', message: 'User unauthorized.' };

describe('GET /api/auth/user', () => {
  it('accepts both `Authorization: <token>` and `Authorization: Bearer <token>`', async () => {
    const user = await activeUser(t);
    for (const header of [user.token, `Bearer ${user.token}`]) {
      const response = await getUser(header);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, status: 'active' });
    }
  });

  it("answers 401 'User unauthorized.' without a token or with a forged one", async () => {
    expect((await getUser()).json()).toEqual(unauthorized);
    const user = await activeUser(t);
    const forged = await new SignJWT({ sub: user.id, auth: 'local', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some other secret that is long enough'));
    const response = await getUser(forged);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized);
  });

  it('stops accepting a token once it has expired (7 days)', async () => {
    const user = await activeUser(t);
    t.clock.advance(7 * 24 * 3600_000 - 60_000);
    expect((await getUser(user.token)).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await getUser(user.token)).statusCode).toBe(401);
  });
});

describe('PATCH /api/auth/user', () => {
  it('updates the names and answers the current user', async () => {
    const user = await activeUser(t);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { authorization: user.token },
      payload: { fname: 'Zoë', lname: 'O’Brien-Smith' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, fname: 'Zoë', lname: 'O’Brien-Smith' });
  });

  it('answers 400 with the spec message and changes nothing', async () => {
    const user = await activeUser(t);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { authorization: user.token },
      payload: { fname: 'A', lname: 'Lee' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('First Name must be at least 2 characters');
    expect((await getUser(user.token)).json()).toMatchObject({ fname: 'Ann' });
  });

  it('needs a token', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      payload: { fname: 'Ann', lname: 'Lee' },
    });
    expect(response.statusCode).toBe(401);
  });
});

// api-spec §8: 'User unauthorized.' (401) on user, balance and update, and §4: a 401 logs out.
// Without a valid token the answer is that 401 whatever the payload, never a 400 about it.
describe('the calls on the current user without a token', () => {
  it.each([
    ['PATCH', '/api/auth/user', { fname: 'A', lname: '' }],
    ['PATCH', '/api/auth/user/password', { oldPassword: '', newPassword: 'short' }],
    ['DELETE', '/api/auth/user', { password: '', extra: true }],
  ] as const)(
    "%s %s answers 401 'User unauthorized.' even for an invalid body",
    async (method, url, payload) => {
      for (const headers of [{}, { authorization: 'not-a-token' }]) {
        const response = await t.app.inject({ method, url, headers, payload });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(unauthorized);
      }
    },
  );
});

describe('GET /api/auth/user/balance', () => {
  it('answers balance, onHold, plan and leadSearchBalance', async () => {
    const user = await activeUser(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user/balance',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      balance: 25,
      onHold: 0,
      plan: { name: 'Free', is_default: true },
      leadSearchBalance: 10,
    });
  });

  it("answers 401 'User unauthorized.' without a token", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/user/balance' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorized);
  });
});
