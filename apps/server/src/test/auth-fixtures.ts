import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import type { TestContext } from './test-context.ts';

export type SignUpInput = { username: string; password: string; fname: string; lname: string };

let counter = 0;

export function newSignUp(overrides: Partial<SignUpInput> = {}): SignUpInput {
  counter += 1;
  return {
    username: `user${counter}.${Date.now()}@acme.com`,
    password: 'Secret12',
    fname: 'Ann',
    lname: 'Lee',
    ...overrides,
  };
}

export function codeFromMail(body: string | undefined): string {
  const code = /\b(\d{6})\b/.exec(body ?? '')?.[1];
  if (!code) throw new Error(`no 6-digit code in mail: ${body}`);
  return code;
}

export function resetTokenFromMail(body: string | undefined): string {
  const token = /reset-password\?token=([^\s]+)/.exec(body ?? '')?.[1];
  if (!token) throw new Error(`no reset link in mail: ${body}`);
  return decodeURIComponent(token);
}

export async function signUp(t: TestContext, input: SignUpInput = newSignUp()) {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: input });
  expect(response.statusCode, response.body).toBe(201);
  const mail = await t.outbox.latestTo(input.username.toLowerCase());
  return { ...input, id: (response.json() as { id: string }).id, code: codeFromMail(mail?.body) };
}

export async function logIn(t: TestContext, username: string, password: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { token: string }).token;
}

// A verified account and its token.
export async function activeUser(t: TestContext, overrides: Partial<SignUpInput> = {}) {
  const user = await signUp(t, newSignUp(overrides));
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { username: user.username, code: user.code },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return { ...user, token: await logIn(t, user.username, user.password) };
}

export function claimsOf(token: string) {
  return decodeJwt(token);
}

// An account whose e-mail is not verified yet, logged in: the finders answer it 403.
export async function unverifiedUser(t: TestContext) {
  const user = await signUp(t);
  return { ...user, token: await logIn(t, user.username, user.password) };
}
