import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimsOf, signUp } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

let issuer: OAuth2Server;
let t: TestContext;
let identity: Record<string, unknown>;

beforeAll(async () => {
  issuer = new OAuth2Server();
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(0, '127.0.0.1');
  // Every token the mock signs carries the identity the current test wants.
  issuer.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, identity);
  });
  t = await createTestContext({
    env: {
      OIDC_ISSUER: issuer.issuer.url ?? '',
      OIDC_CLIENT_ID: 'mailhound-test',
      OIDC_CLIENT_SECRET: 'mock-secret',
    },
  });
});
afterAll(async () => {
  await t.close();
  await issuer.stop();
});

let subject = 0;
beforeEach(() => {
  subject += 1;
  identity = {
    sub: `google-${subject}`,
    email: `grace${subject}@gmail.com`,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
  };
});

const authorizeUrl = async (redirectUrl = '/search/bulk') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/auth/google/url?redirectUrl=${encodeURIComponent(redirectUrl)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return new URL((response.json() as { url: string }).url);
};
const googleLogin = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/google', payload });
const currentUser = async (token: string) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: token } })
  ).json();

describe('GET /api/auth/google/url', () => {
  it('builds the authorize URL with scope, response type, redirect URI and a signed state', async () => {
    const url = await authorizeUrl('/search/bulk');
    expect(url.origin).toBe(issuer.issuer.url);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('mailhound-test');
    expect(url.searchParams.get('redirect_uri')).toBe('http://mailhound.test/auth/login');
    const state = url.searchParams.get('state') ?? '';
    expect(claimsOf(state)).toMatchObject({ redirectUrl: '/search/bulk' });
  });

  it('refuses a redirect that would leave the site', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/google/url?redirectUrl=${encodeURIComponent('//evil.example')}`,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/auth/google', () => {
  it('creates an active Google user on first sign-in and answers a token', async () => {
    const state = (await authorizeUrl()).searchParams.get('state');
    const response = await googleLogin({ code: 'any-code', state });
    expect(response.statusCode, response.body).toBe(200);
    const { token } = response.json() as { token: string };
    expect(claimsOf(token)).toMatchObject({ auth: 'google', ver: 0 });
    expect(await currentUser(token)).toMatchObject({
      username: identity.email,
      fname: 'Grace',
      lname: 'Hopper',
      status: 'active',
      loginProvider: 'google',
      plan: { name: 'Free', is_default: true },
      userCredits: { balanceAvailable: 25, leadSearchBalance: 10 },
    });

    const again = await googleLogin({ code: 'another-code', state });
    expect(claimsOf((again.json() as { token: string }).token).sub).toBe(claimsOf(token).sub);
  });

  it('links an existing e-mail account and verifies it', async () => {
    const user = await signUp(t);
    identity.email = user.username;
    const response = await googleLogin({ code: 'code' });
    expect(response.statusCode).toBe(200);
    const { token } = response.json() as { token: string };
    expect(claimsOf(token).sub).toBe(user.id);
    expect(await currentUser(token)).toMatchObject({ status: 'active', loginProvider: 'google' });
  });

  it('lets a Google user delete the account without a password', async () => {
    const { token } = (await googleLogin({ code: 'code' })).json() as { token: string };
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/user',
      headers: { authorization: token },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a forged state', () => googleLogin({ code: 'code', state: 'forged.state.value' })],
    [
      'an e-mail the issuer has not verified',
      () => {
        identity.email_verified = false;
        return googleLogin({ code: 'code' });
      },
    ],
    [
      'a code the issuer refuses',
      () => {
        issuer.service.once('beforeResponse', (response: { statusCode: number; body: object }) => {
          response.statusCode = 400;
          response.body = { error: 'invalid_grant' };
        });
        return googleLogin({ code: 'code' });
      },
    ],
  ])("answers 401 'Failed to log in with Google' for %s", async (_case, attempt) => {
    const before = await t.countRows('users');
    const response = await attempt();
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Failed to log in with Google');
    expect(await t.countRows('users')).toBe(before);
  });
});

describe('without an identity provider', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext();
  });
  afterAll(() => plain.close());

  it('answers 503 on both Google routes', async () => {
    const url = await plain.app.inject({ method: 'GET', url: '/api/auth/google/url' });
    const login = await plain.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { code: 'code' },
    });
    for (const response of [url, login]) {
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('Sign-in with Google is not available on this server.');
    }
  });
});
