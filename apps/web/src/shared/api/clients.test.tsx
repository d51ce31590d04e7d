import { authMessages, storageKeys } from '@mailhound/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody, type FakeServer } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { logIn, makeToken, makeUser } from '../../test/session-fixtures.ts';
import { ApiError } from './api-error.ts';
import { apiClient, mailClient } from './clients.ts';

// The server's answers once the user has logged in again with `token`.
function logInAnswers(server: FakeServer, token: string) {
  const user = makeUser();
  server.on('POST /api/auth/login', { body: { token } });
  server.on('GET /api/auth/user', { body: user });
  server.on('GET /api/auth/user/balance', {
    body: { balance: 25, onHold: 0, plan: user.plan, leadSearchBalance: 10 },
  });
}

describe('the 401 rule (api-spec §4)', () => {
  it('shows the session notification once and logs out', async () => {
    const server = createFakeServer();
    logIn(server, { user: { properties: { sections: ['mail'] } } });
    const app = renderApp('/settings/account');
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();

    server.on('GET /api/auth/user/balance', errorBody(401, authMessages.unauthorized));
    server.on('GET /api/mail/tracker/click', errorBody(401, authMessages.unauthorized));
    await Promise.allSettled([
      apiClient.get('/auth/user/balance'),
      mailClient.get('/tracker/click'),
      apiClient.get('/auth/user/balance'),
    ]);

    await waitFor(() =>
      expect(app.location()).toBe('/auth/login?redirectUrl=%2Fsettings%2Faccount'),
    );
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    // The fixed id 'authorization error' keeps the three 401s to one notification.
    expect(await screen.findAllByText(authMessages.sessionExpired)).toHaveLength(1);
    expect(app.queryClient.getQueryData(['auth', 'user'])).toBeUndefined();
  });

  it('brings the user back to the page they were on after logging in again', async () => {
    const server = createFakeServer();
    logIn(server);
    const app = renderApp('/settings/account?from=mail');
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();

    // The token was revoked elsewhere: the next call is refused.
    server.on('GET /api/auth/user/balance', errorBody(401, authMessages.unauthorized));
    await expect(apiClient.get('/auth/user/balance')).rejects.toThrow();
    await waitFor(() =>
      expect(app.location()).toBe('/auth/login?redirectUrl=%2Fsettings%2Faccount%3Ffrom%3Dmail'),
    );
    expect(await screen.findByText(authMessages.sessionExpired)).toBeInTheDocument();

    const fresh = makeToken();
    logInAnswers(server, fresh);
    await app.user.type(
      await screen.findByLabelText('Email', { exact: false, selector: 'input' }),
      'ann@acme.com',
    );
    await app.user.type(
      screen.getByLabelText('Password', { exact: false, selector: 'input' }),
      'Secret12',
    );
    await app.user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(app.location()).toBe('/settings/account?from=mail'));
    expect(localStorage.getItem(storageKeys.token)).toBe(fresh);
  });

  it('keeps the session on a 401 from login, reset password and verify e-mail', async () => {
    const server = createFakeServer();
    const { token } = logIn(server);
    renderApp('/settings/account');
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    for (const path of ['/auth/login', '/auth/password/reset', '/auth/verify-email']) {
      server.on(`POST /api${path}`, errorBody(401, 'nope'));
      await expect(apiClient.post(path, { body: {} })).rejects.toThrow('nope');
    }
    expect(localStorage.getItem(storageKeys.token)).toBe(token);
    expect(screen.queryByText(authMessages.sessionExpired)).not.toBeInTheDocument();
  });
});

describe('API clients (api-spec §6)', () => {
  it('sends the raw token to the main API and a Bearer token with credentials to mail', async () => {
    const server = createFakeServer({
      'GET /api/ping': { body: { ok: true } },
      'GET /api/mail/ping': { body: { ok: true } },
    });
    localStorage.setItem(storageKeys.token, 'abc.def.ghi');
    await apiClient.get('/ping');
    await mailClient.get('/ping');
    const [main] = server.requestsTo('GET /api/ping');
    const [mail] = server.requestsTo('GET /api/mail/ping');
    expect(main?.headers.get('Authorization')).toBe('abc.def.ghi');
    expect(mail?.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
    expect(mail?.credentials).toBe('include');
  });

  it('rejects with the status and the server message', async () => {
    createFakeServer({ 'POST /api/auth/signup': errorBody(409, authMessages.disposableEmail) });
    const failure = apiClient.post('/auth/signup', { body: {} });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 409,
      message: authMessages.disposableEmail,
    });
  });
});
