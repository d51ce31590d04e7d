import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeUser,
  claimsOf,
  logIn,
  resetTokenFromMail,
  signUp,
} from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const getUser = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: token } });
const changePassword = (token: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/auth/user/password',
    headers: { authorization: token },
    payload,
  });
const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password } });

const resetLinkSent = {
  message: 'Please check your inbox. You should find a link to reset your password.',
};

describe('PATCH /api/auth/user/password', () => {
  it('refuses a wrong old password with the spec message', async () => {
    const user = await activeUser(t);
    const response = await changePassword(user.token, {
      oldPassword: 'NotMine12',
      newPassword: 'Newpass12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The old password you entered is incorrect. Please try again.',
    );
    expect((await getUser(user.token)).statusCode).toBe(200);
  });

  it('answers a fresh token for this session; tokens issued before stop working', async () => {
    const user = await activeUser(t);
    const otherSession = await logIn(t, user.username, user.password);
    const response = await changePassword(user.token, {
      oldPassword: user.password,
      newPassword: 'Newpass12',
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json() as { token: string };
    expect(claimsOf(token)).toMatchObject({ sub: user.id, ver: 1 });
    expect((await getUser(token)).statusCode).toBe(200);
    expect((await getUser(user.token)).json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'User unauthorized.',
    });
    expect((await getUser(otherSession)).statusCode).toBe(401);
    await logIn(t, user.username, 'Newpass12');
  });

  it('refuses the 11th attempt within 15 minutes after 10 wrong old passwords, even a right one', async () => {
    const user = await activeUser(t);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await changePassword(user.token, {
        oldPassword: `NotMine${attempt}x`,
        newPassword: 'Newpass12',
      });
      expect(wrong.statusCode).toBe(400);
    }
    const right = { oldPassword: user.password, newPassword: 'Newpass12' };
    const refused = await changePassword(user.token, right);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(refused.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
    // Another user is not affected; this one may try again after the window.
    const other = await activeUser(t);
    const otherChange = { oldPassword: other.password, newPassword: 'Newpass12' };
    expect((await changePassword(other.token, otherChange)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await changePassword(user.token, right)).statusCode).toBe(200);
  });

  it('applies the password rules to the new password', async () => {
    const user = await activeUser(t);
    const response = await changePassword(user.token, {
      oldPassword: user.password,
      newPassword: 'newpass12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password must contain at least 1 capital letter');
  });
});

describe('POST /api/auth/password/forgot', () => {
  it('mails a reset link and answers the same whether or not the account exists', async () => {
    const user = await signUp(t);
    const known = await forgot(user.username);
    const unknown = await forgot('nobody-at-all@acme.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(resetLinkSent);
    expect(unknown.json()).toEqual(resetLinkSent);

    const mail = await t.outbox.latestTo(user.username);
    expect(mail?.body).toContain('http://mailhound.test/auth/reset-password?token=');
    expect(await t.outbox.latestTo('nobody-at-all@acme.com')).toBeUndefined();
  });

  it('answers 429 within 60 s of the previous request for the address, known or not', async () => {
    const user = await signUp(t);
    for (const email of [user.username, 'ghost@acme.com']) {
      expect((await forgot(email)).statusCode).toBe(200);
      t.clock.advance(30_000);
      const again = await forgot(email);
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toBe('Please wait 30 seconds before requesting another link.');
      expect(again.headers['retry-after']).toBe('30');
      t.clock.advance(30_000);
      expect((await forgot(email)).statusCode).toBe(200);
    }
  });
});

describe('POST /api/auth/password/reset', () => {
  it('sets the new password once; the link then counts as expired', async () => {
    const user = await activeUser(t);
    await forgot(user.username);
    const token = resetTokenFromMail((await t.outbox.latestTo(user.username))?.body);

    const response = await reset(token, 'Fresh1234');
    expect(response.statusCode).toBe(200);
    await logIn(t, user.username, 'Fresh1234');
    // The reset bumps the token version: the session from before is over.
    expect((await getUser(user.token)).statusCode).toBe(401);

    const again = await reset(token, 'Other1234');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Your link is expired');
  });

  it('refuses a link older than one hour, and an unknown token', async () => {
    const user = await activeUser(t);
    await forgot(user.username);
    const token = resetTokenFromMail((await t.outbox.latestTo(user.username))?.body);
    t.clock.advance(60 * 60_000 + 1000);
    expect((await reset(token, 'Fresh1234')).json().message).toBe('Your link is expired');
    expect((await reset('made-up-token', 'Fresh1234')).json().message).toBe('Your link is expired');
    await logIn(t, user.username, user.password);
  });

  it('applies the password rules', async () => {
    const response = await reset('whatever', 'short');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password must be at least 6 characters');
  });
});

describe('DELETE /api/auth/user', () => {
  const remove = (token: string, payload?: object) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/auth/user',
      headers: { authorization: token },
      ...(payload ? { payload } : {}),
    });

  it('refuses a wrong or missing password and keeps the account', async () => {
    const user = await activeUser(t);
    const wrong = await remove(user.token, { password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The password you entered is incorrect.');
    const missing = await remove(user.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Password is required');
    expect((await getUser(user.token)).statusCode).toBe(200);
  });

  it('refuses the 11th attempt within 15 minutes after 10 wrong passwords, even a right one', async () => {
    const user = await activeUser(t);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await remove(user.token, { password: `Wrong123${attempt}` })).statusCode).toBe(400);
    }
    const refused = await remove(user.token, { password: user.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(refused.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
    expect((await getUser(user.token)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await remove(user.token, { password: user.password })).statusCode).toBe(200);
  });

  it("deletes the user's rows and answers the spec message", async () => {
    const user = await activeUser(t);
    const response = await remove(user.token, { password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your account was deleted successfully.' });
    expect((await getUser(user.token)).statusCode).toBe(401);
    for (const table of ['credit_accounts', 'credit_entries', 'verification_codes']) {
      const rows = await t.db.execute(
        sql`select 1 from ${sql.identifier(table)} where user_id = ${user.id}`,
      );
      expect(rows.rows, table).toHaveLength(0);
    }
  });
});
