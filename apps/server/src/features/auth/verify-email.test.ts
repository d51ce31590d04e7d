import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFromMail, logIn, signUp } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const verify = (username: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { username, code } });
const resend = (username: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/resend-verification-email',
    payload: { username },
  });
const statusOf = async (username: string, password: string) => {
  const token = await logIn(t, username, password);
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: { authorization: token },
  });
  return (response.json() as { status: string }).status;
};
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /api/auth/verify-email', () => {
  it('activates the account with the mailed code', async () => {
    const user = await signUp(t);
    const response = await verify(user.username, user.code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your email address has been verified.' });
    expect(await statusOf(user.username, user.password)).toBe('active');
  });

  it('refuses a wrong code with 400 and keeps the account unverified', async () => {
    const user = await signUp(t);
    const response = await verify(user.username, wrongCodeFor(user.code));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The verification code is incorrect. Please try again.');
    expect(await statusOf(user.username, user.password)).toBe('not verified');
  });

  it('kills the code after 5 wrong tries: even the right code then needs a new one', async () => {
    const user = await signUp(t);
    const wrong = wrongCodeFor(user.code);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await verify(user.username, wrong)).json().message).toBe(
        'The verification code is incorrect. Please try again.',
      );
    }
    const fifth = await verify(user.username, wrong);
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().message).toBe(
      'Too many incorrect codes. Please request a new verification code.',
    );
    const right = await verify(user.username, user.code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(
      'Too many incorrect codes. Please request a new verification code.',
    );

    t.clock.advance(60_000);
    expect((await resend(user.username)).statusCode).toBe(200);
    const fresh = codeFromMail((await t.outbox.latestTo(user.username))?.body);
    expect((await verify(user.username, fresh)).statusCode).toBe(200);
  });

  it('refuses a code older than 10 minutes', async () => {
    const user = await signUp(t);
    t.clock.advance(10 * 60_000 + 1000);
    const response = await verify(user.username, user.code);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Your verification code has expired. Please request a new one.',
    );
  });

  it('refuses a code that is not 6 digits', async () => {
    const user = await signUp(t);
    const response = await verify(user.username, '12ab');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The code must be 6 digits');
  });
});

describe('POST /api/auth/resend-verification-email', () => {
  it('answers 429 within 60 s of the previous code, then mails a new code that replaces it', async () => {
    const user = await signUp(t);
    t.clock.advance(59_000);
    const early = await resend(user.username);
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe('Please wait 1 second before requesting a new code.');
    expect(early.headers['retry-after']).toBe('1');

    t.clock.advance(1000);
    const response = await resend(user.username);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'We have resent the verification code, please check your email.',
    });
    const mails = (await t.outbox.all()).filter((mail) => mail.recipient === user.username);
    expect(mails).toHaveLength(2);
    const fresh = codeFromMail(mails[0]?.body);
    if (fresh !== user.code) {
      expect((await verify(user.username, user.code)).statusCode).toBe(400);
    }
    expect((await verify(user.username, fresh)).statusCode).toBe(200);
  });

  it('tells a verified user to log in instead', async () => {
    const user = await signUp(t);
    await verify(user.username, user.code);
    t.clock.advance(60_000);
    const response = await resend(user.username);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Your email address is already verified. Please log in.');
  });

  it('answers an unknown address like a known one and mails nothing', async () => {
    const before = (await t.outbox.all()).length;
    const response = await resend('nobody-here@acme.com');
    expect(response.statusCode).toBe(200);
    expect((await t.outbox.all()).length).toBe(before);
  });
});
