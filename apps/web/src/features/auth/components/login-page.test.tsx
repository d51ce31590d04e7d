import { authMessages, validationMessages as m, storageKeys } from '@mailhound/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeToken, makeUser } from '../../../test/session-fixtures.ts';

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });

function loggedInServer(routes: Parameters<typeof createFakeServer>[0] = {}) {
  return createFakeServer({
    'GET /api/auth/user': { body: makeUser() },
    'GET /api/auth/user/balance': {
      body: {
        balance: 25,
        onHold: 0,
        plan: { name: 'Free', is_default: true },
        leadSearchBalance: 10,
      },
    },
    ...routes,
  });
}

describe('login', () => {
  it('asks for both fields, and a valid e-mail, as you type', async () => {
    createFakeServer();
    const { user } = renderApp('/auth/login');
    await user.type(
      await screen.findByLabelText('Email', { exact: false, selector: 'input' }),
      'a',
    );
    expect(await screen.findByText(m.emailInvalid)).toBeInTheDocument();
    await user.clear(field('Email'));
    expect(await screen.findByText(m.emailRequired)).toBeInTheDocument();
    await user.type(field('Password'), 'x');
    await user.clear(field('Password'));
    expect(await screen.findByText(m.passwordRequired)).toBeInTheDocument();
  });

  it('flags a field left empty when the user moves on from it', async () => {
    createFakeServer();
    const { user } = renderApp('/auth/login');
    await user.click(await screen.findByLabelText('Email', { exact: false, selector: 'input' }));
    await user.tab();
    expect(await screen.findByText(m.emailRequired)).toBeInTheDocument();
    await user.click(field('Password'));
    await user.tab();
    expect(await screen.findByText(m.passwordRequired)).toBeInTheDocument();
  });

  it('stores the token, clears the guest id and goes to redirectUrl', async () => {
    const token = makeToken();
    const server = loggedInServer({ 'POST /api/auth/login': { body: { token } } });
    const app = renderApp('/auth/login?redirectUrl=%2Fsettings%2Faccount');
    await waitFor(() => expect(localStorage.getItem(storageKeys.uid)).toMatch(/^guest_/));
    await app.user.type(field('Email'), 'ann@acme.com');
    await app.user.type(field('Password'), 'Secret12');
    await app.user.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(app.location()).toBe('/settings/account'));
    expect(localStorage.getItem(storageKeys.token)).toBe(token);
    expect(localStorage.getItem(storageKeys.uid)).toBeNull();
    expect(server.requestsTo('POST /api/auth/login')[0]?.body).toEqual({
      username: 'ann@acme.com',
      password: 'Secret12',
    });
  });

  it('goes to /search/single without a redirectUrl', async () => {
    loggedInServer({ 'POST /api/auth/login': { body: { token: makeToken() } } });
    const app = renderApp('/auth/login');
    await app.user.type(
      await screen.findByLabelText('Email', { exact: false, selector: 'input' }),
      'ann@acme.com',
    );
    await app.user.type(field('Password'), 'Secret12');
    await app.user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(app.location()).toBe('/search/single'));
  });

  it('shows the server message and a Reset password link after a failed login', async () => {
    createFakeServer({ 'POST /api/auth/login': errorBody(401, authMessages.wrongCredentials) });
    const app = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Log In' });
    expect(screen.queryByRole('link', { name: 'Reset password' })).not.toBeInTheDocument();
    await app.user.type(field('Email'), 'ann@acme.com');
    await app.user.type(field('Password'), 'wrong');
    await app.user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.wrongCredentials);
    expect(screen.getByRole('link', { name: 'Reset password' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    // A wrong password is not an expired session.
    expect(screen.queryByText(authMessages.sessionExpired)).not.toBeInTheDocument();
  });

  it('fetches the Google URL with the redirectUrl and goes there', async () => {
    const server = createFakeServer({
      'GET /api/auth/google/url': { body: { url: 'https://accounts.example/authorize?x=1' } },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const app = renderApp('/auth/login?redirectUrl=%2Fpurchase');
    await app.user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://accounts.example/authorize?x=1'),
    );
    expect(server.requestsTo('GET /api/auth/google/url')[0]?.query.get('redirectUrl')).toBe(
      '/purchase',
    );
  });

  it('finishes a Google sign-in from the code and state in the query', async () => {
    const token = makeToken({ auth: 'google' });
    const state = btoa(JSON.stringify({ redirectUrl: '/purchase', nonce: 'n' }));
    const server = loggedInServer({ 'POST /api/auth/google': { body: { token } } });
    const app = renderApp(`/auth/login?code=abc&state=${encodeURIComponent(state)}`);
    await waitFor(() => expect(app.location()).toBe('/purchase'));
    expect(server.requestsTo('POST /api/auth/google')).toHaveLength(1);
    expect(server.requestsTo('POST /api/auth/google')[0]?.body).toEqual({ code: 'abc', state });
    expect(localStorage.getItem(storageKeys.token)).toBe(token);
  });

  it("shows 'Failed to log in with Google' when the code is refused", async () => {
    createFakeServer({ 'POST /api/auth/google': errorBody(401, 'invalid_grant') });
    renderApp('/auth/login?code=abc&state=xyz');
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.googleFailed);
  });
});
