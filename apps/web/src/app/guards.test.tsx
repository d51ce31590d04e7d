import { storageKeys } from '@mailhound/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  logInWithMail,
  makeCampaign,
  serveCampaign,
} from '../features/campaigns/campaigns.test-kit.ts';
import { createFakeServer } from '../test/fake-server.ts';
import { renderApp } from '../test/render-app.tsx';
import { logIn } from '../test/session-fixtures.ts';

describe('route guards (product-spec §2)', () => {
  it('sends / to the single search', async () => {
    createFakeServer();
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/search/single'));
    expect(await screen.findByRole('heading', { name: 'Single Search' })).toBeInTheDocument();
  });

  it('sends a visitor without a token to login, with redirectUrl', async () => {
    createFakeServer();
    const app = renderApp('/settings/account');
    await waitFor(() =>
      expect(app.location()).toBe('/auth/login?redirectUrl=%2Fsettings%2Faccount'),
    );
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
  });

  it('treats an expired token as no login and removes it', async () => {
    const server = createFakeServer();
    logIn(server, { expiresInSeconds: -60 });
    const app = renderApp('/checkout');
    await waitFor(() => expect(app.location()).toBe('/auth/login?redirectUrl=%2Fcheckout'));
    await waitFor(() => expect(localStorage.getItem(storageKeys.token)).toBeNull());
  });

  it('sends a user who is not verified to /email-verification with redirectUrl', async () => {
    const server = createFakeServer();
    logIn(server, { user: { status: 'not verified' } });
    const app = renderApp('/settings/account');
    await waitFor(() =>
      expect(app.location()).toBe('/email-verification?redirectUrl=%2Fsettings%2Faccount'),
    );
  });

  it.each([
    '/campaigns',
    '/campaigns/campaign-name',
    '/campaigns/campaign-configuration/7/schedule',
    '/contacts',
  ])('sends a mail user who is not verified from %s to /email-verification', async (path) => {
    const server = createFakeServer();
    logIn(server, { user: { status: 'not verified', properties: { sections: ['mail'] } } });
    const app = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(app.location()).toBe(`/email-verification?redirectUrl=${encodeURIComponent(path)}`);
  });

  it('lets guests open the screens that only need an active account', async () => {
    createFakeServer();
    const app = renderApp('/search/bulk');
    expect(await screen.findByRole('heading', { name: 'Bulk Search' })).toBeInTheDocument();
    expect(app.location()).toBe('/search/bulk');
  });

  it('sends a user without the mail section to /', async () => {
    const server = createFakeServer();
    logIn(server, { user: { properties: { sections: [] } } });
    const app = renderApp('/unibox');
    await waitFor(() => expect(app.location()).toBe('/search/single'));
  });

  it('opens the mail screens for a user with the mail section', async () => {
    const server = createFakeServer();
    logIn(server, { user: { properties: { sections: ['mail'] } } });
    renderApp('/contacts/details/42');
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
  });

  it('redirects the campaign configuration index to its contacts step', async () => {
    const server = createFakeServer({
      'GET /api/mail/groups/list': {
        body: { groups: [], page: 1, pages: 0, per_page: 10, total_count: 0 },
      },
    });
    logInWithMail(server);
    // The campaign exists: a missing one sends its steps on to /404, which
    // could overtake the redirect this test watches for.
    serveCampaign(server, makeCampaign({ id: '7' }));
    const app = renderApp('/campaigns/campaign-configuration/7');
    await waitFor(() =>
      expect(app.location()).toBe('/campaigns/campaign-configuration/7/contacts'),
    );
    expect(await screen.findByRole('tab', { name: 'Contacts' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(app.location()).toBe('/campaigns/campaign-configuration/7/contacts');
  });

  it('sends a free-plan user from look-alike to the restricted page', async () => {
    const server = createFakeServer();
    logIn(server, { user: { plan: { name: 'Free', is_default: true } } });
    const app = renderApp('/look-alike');
    await waitFor(() => expect(app.location()).toBe('/look-alike/restricted'));
  });

  it('sends a paid user from the restricted page on to look-alike', async () => {
    const server = createFakeServer();
    logIn(server, { user: { plan: { name: 'Pro', is_default: false } } });
    const app = renderApp('/look-alike/restricted');
    await waitFor(() => expect(app.location()).toBe('/look-alike'));
    expect(await screen.findByRole('heading', { name: 'Look-Alike' })).toBeInTheDocument();
  });

  it.each(['/signup', '/auth/login', '/auth/forgot-password', '/auth/reset-password'])(
    'sends a logged-in user from %s to /search/single',
    async (path) => {
      const server = createFakeServer();
      logIn(server);
      const app = renderApp(path);
      await waitFor(() => expect(app.location()).toBe('/search/single'));
    },
  );

  it('refuses /email-verification without a login or sign-up credentials', async () => {
    createFakeServer();
    const app = renderApp('/email-verification?redirectUrl=%2Fpurchase');
    await waitFor(() => expect(app.location()).toBe('/auth/login?redirectUrl=%2Fpurchase'));
  });

  it('opens /email-verification with the credentials sign-up carried in state', async () => {
    createFakeServer();
    renderApp({
      pathname: '/email-verification',
      state: { username: 'ann@acme.com', password: 'Secret1', fname: 'Ann', lname: 'Lee' },
    });
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeInTheDocument();
  });

  it('sends the unsubscribe survey without an unsub parameter to login', async () => {
    createFakeServer();
    const app = renderApp('/survey/campaign-unsubscribe');
    await waitFor(() => expect(app.location()).toBe('/auth/login'));
  });

  it('opens the unsubscribe survey with an unsub parameter', async () => {
    createFakeServer();
    const app = renderApp('/survey/campaign-unsubscribe?unsub=abc');
    expect(await screen.findByRole('heading', { name: 'Unsubscribe' })).toBeInTheDocument();
    expect(app.location()).toBe('/survey/campaign-unsubscribe?unsub=abc');
  });

  it.each(['/404', '/no/such/page'])('shows Not Found on %s', async (path) => {
    createFakeServer();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
  });
});
