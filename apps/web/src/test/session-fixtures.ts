import { type CurrentUser, storageKeys } from '@mailhound/contracts';
import type { FakeServer } from './fake-server.ts';

type TokenOptions = { sub?: string; auth?: 'local' | 'google'; expiresInSeconds?: number };

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// An unsigned JWT with the claims the web reads; the fake server does not verify it.
export function makeToken({
  sub = 'user-1',
  auth = 'local',
  expiresInSeconds = 3600,
}: TokenOptions = {}) {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub, auth, ver: 1, iat: now, exp: now + expiresInSeconds };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`;
}

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user-1',
    username: 'ann@acme.com',
    fname: 'Ann',
    lname: 'Lee',
    status: 'active',
    properties: { sections: [] },
    loginProvider: 'local',
    guestUserId: null,
    plan: { name: 'Free', is_default: true },
    userCredits: { balanceAvailable: 25, leadSearchBalance: 10 },
    ...overrides,
  };
}

type LoginOptions = TokenOptions & {
  user?: Partial<CurrentUser>;
  balance?: { balance: number; onHold: number };
};

// Stores a token and lets the fake server answer the user and balance calls for it.
export function logIn(server: FakeServer, options: LoginOptions = {}) {
  const token = makeToken(options);
  localStorage.setItem(storageKeys.token, token);
  const user = makeUser({ loginProvider: options.auth ?? 'local', ...options.user });
  server.on('GET /api/auth/user', { body: user });
  server.on('GET /api/auth/user/balance', {
    body: {
      balance: options.balance?.balance ?? 25,
      onHold: options.balance?.onHold ?? 0,
      plan: user.plan,
      leadSearchBalance: 10,
    },
  });
  return { token, user };
}
