import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, claimsOf, logIn, newSignUp, signUp } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ env: { DEFAULT_SECTIONS: 'mail,leads' } });
});
afterAll(() => t.close());

const post = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });

describe('POST /api/auth/signup', () => {
  it('creates an unverified local account on the Free plan and mails a 6-digit code', async () => {
    const input = newSignUp({ username: 'Ann.Lee@Example.COM ' });
    const response = await post(input);
    expect(response.statusCode).toBe(201);
    const answer = response.json() as { id: string; username: string };
    expect(answer.username).toBe('ann.lee@example.com');

    const mail = await t.outbox.latestTo('ann.lee@example.com');
    expect(mail?.subject).toBe('Your Mailhound verification code');
    expect(mail?.body).toMatch(/\b\d{6}\b/);

    const token = await logIn(t, 'ann.lee@example.com', input.password);
    expect(claimsOf(token)).toMatchObject({ sub: answer.id, auth: 'local', ver: 0 });
    const user = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: token },
    });
    expect(user.json()).toEqual({
      id: answer.id,
      username: 'ann.lee@example.com',
      fname: 'Ann',
      lname: 'Lee',
      status: 'not verified',
      properties: { sections: ['mail', 'leads'] },
      loginProvider: 'local',
      guestUserId: null,
      plan: { name: 'Free', is_default: true },
      userCredits: { balanceAvailable: 25, leadSearchBalance: 10 },
    });
  });

  it('stores the password as an argon2id hash', async () => {
    const user = await signUp(t);
    const result = await t.db.execute<{ password_hash: string }>(
      sql`select password_hash from users where id = ${user.id}`,
    );
    expect(result.rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('grants the Free plan credits once, as a ledger entry', async () => {
    const user = await activeUser(t);
    const entries = await t.db.execute<{ kind: string; amount: number; lead_amount: number }>(
      sql`select kind, amount, lead_amount from credit_entries where user_id = ${user.id}`,
    );
    expect(entries.rows).toEqual([{ kind: 'plan_grant', amount: 25, lead_amount: 10 }]);
  });

  it('refuses a disposable address with 409 and writes nothing', async () => {
    const before = await t.countRows('users');
    const response = await post(newSignUp({ username: 'someone@mailinator.com' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Temporary Email Address Detected. Please use a permanent email address.',
    });
    expect(await t.countRows('users')).toBe(before);
  });

  it('refuses an existing account, whatever the case of the address', async () => {
    const user = await signUp(t);
    const response = await post(newSignUp({ username: user.username.toUpperCase() }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This account already exists, please log in');
  });

  it.each([
    [{ password: '' }, 'Password is required'],
    [{ password: 'Sec ret12' }, 'Password cannot contain empty spaces'],
    [{ password: 'Se1' }, 'Password must be at least 6 characters'],
    [{ password: 'Secret12345678901234567' }, 'Password must be at most 20 characters'],
    [{ password: 'secret12' }, 'Password must contain at least 1 capital letter'],
    [{ password: 'Secretly' }, 'Password must contain at least 1 number'],
    [{ username: '' }, 'This field is required'],
    [{ username: 'not-an-email' }, 'Please enter a valid email'],
    [{ fname: 'A' }, 'First Name must be at least 2 characters'],
    [{ lname: 'L'.repeat(51) }, 'Last Name must be at most 50 characters'],
    [{ fname: 'R2D2' }, 'Invalid First Name'],
  ])('answers 400 with the spec message for %j and writes nothing', async (change, message) => {
    const before = await t.countRows('users');
    const response = await post({ ...newSignUp(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await t.countRows('users')).toBe(before);
  });

  it('names a missing field', async () => {
    const { fname: _omitted, ...rest } = newSignUp();
    const response = await post(rest);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/First Name|fname/);
  });
});
