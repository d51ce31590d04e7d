import { storageKeys } from '@mailhound/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { campaignPage, makeCampaign } from '../../features/campaigns/campaigns.test-kit.ts';
import { createFakeServer, type FakeResponse } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { logIn, makeToken, makeUser } from '../../test/session-fixtures.ts';
import { findTooltip } from '../../test/tooltip.ts';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const topBar = () => within(screen.getByRole('banner'));

describe('top bar (product-spec §2 "Navigation")', () => {
  it('shows guests the search links and Login, without Look-Alike', async () => {
    createFakeServer();
    renderApp('/search/single');
    await screen.findByRole('heading', { name: 'Single Search' });
    const nav = mainNav();
    for (const name of ['Search', 'Bulk Search', 'Company Finder', 'Lead Finder']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).queryByRole('link', { name: 'Look-Alike' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Mailhound home' })).toHaveAttribute(
      'href',
      'https://mailhound.dev',
    );
  });

  it('shows Look-Alike and the profile menu when logged in, and the logo leads home', async () => {
    const server = createFakeServer();
    logIn(server);
    renderApp('/search/single');
    expect(await screen.findByRole('button', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'Look-Alike' })).toHaveAttribute(
      'href',
      '/look-alike',
    );
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mailhound home' })).toHaveAttribute('href', '/');
  });

  it('cuts the full name to 25 characters plus an ellipsis', async () => {
    const server = createFakeServer();
    logIn(server, { user: { fname: 'Maximiliana-Alexandra', lname: 'Featherstonehaugh' } });
    renderApp('/search/single');
    expect(
      await screen.findByRole('button', { name: 'Maximiliana-Alexandra Fea…' }),
    ).toBeInTheDocument();
  });

  it('offers Account Settings and Logout in the profile menu', async () => {
    const server = createFakeServer();
    logIn(server);
    const app = renderApp('/search/single');
    await app.user.click(await screen.findByRole('button', { name: 'Ann Lee' }));
    expect(await screen.findByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute(
      'href',
      '/settings/account',
    );
    await app.user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(app.location()).toBe('/auth/login'));
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(app.queryClient.getQueryData(['auth', 'user'])).toBeUndefined();
  });

  it('disables every link, the logo and Add Credits while the e-mail is not verified', async () => {
    const server = createFakeServer();
    logIn(server, { user: { status: 'not verified', properties: { sections: ['mail'] } } });
    const app = renderApp('/email-verification');
    await screen.findByRole('heading', { name: 'Verify your e-mail' });
    const bulk = within(mainNav()).getByRole('link', { name: 'Bulk Search' });
    await waitFor(() => expect(bulk).toHaveAttribute('aria-disabled', 'true'));
    expect(screen.getByRole('link', { name: 'Mailhound home' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('link', { name: 'Add Credits' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const unibox = within(
      screen.getByRole('group', { name: 'Email Notification Service' }),
    ).getByRole('link', { name: 'Unibox' });
    expect(unibox).toHaveAttribute('aria-disabled', 'true');

    await app.user.click(bulk);
    await app.user.click(screen.getByRole('link', { name: 'Add Credits' }));
    await app.user.click(unibox);
    await app.user.click(screen.getByRole('button', { name: 'Ann Lee' }));
    const settings = await screen.findByRole('menuitem', { name: 'Account Settings' });
    expect(settings).toHaveAttribute('aria-disabled', 'true');
    await app.user.click(settings);
    expect(app.location()).toBe('/email-verification');
    expect(server.requestsTo('POST /api/events').map((r) => r.body)).not.toContainEqual({
      name: 'add_credits_click',
    });
  });

  it('disables Login for a guest who reaches /email-verification after sign-up', async () => {
    createFakeServer();
    const app = renderApp({
      pathname: '/email-verification',
      state: { username: 'ann@acme.com', password: 'Secret12', fname: 'Ann', lname: 'Lee' },
    });
    await screen.findByRole('heading', { name: 'Verify your e-mail' });
    const login = screen.getByRole('link', { name: 'Login' });
    expect(login).toHaveAttribute('aria-disabled', 'true');
    expect(within(mainNav()).getByRole('link', { name: 'Search' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await app.user.click(login);
    expect(app.location()).toBe('/email-verification');
  });

  it('blocks a click on a link to the current page', async () => {
    createFakeServer();
    const app = renderApp('/search/bulk');
    await screen.findByRole('heading', { name: 'Bulk Search' });
    await app.user.click(within(mainNav()).getByRole('link', { name: 'Bulk Search' }));
    expect(app.router.state.historyAction).toBe('POP');
    await app.user.click(within(mainNav()).getByRole('link', { name: 'Lead Finder' }));
    await waitFor(() => expect(app.location()).toBe('/lead-finder'));
  });

  it('sends add_credits_click and goes to /purchase on Add Credits', async () => {
    const server = createFakeServer();
    const app = renderApp('/search/single');
    await app.user.click(await screen.findByRole('link', { name: 'Add Credits' }));
    await waitFor(() => expect(app.location()).toBe('/purchase'));
    expect(server.requestsTo('POST /api/events').map((r) => r.body)).toContainEqual({
      name: 'add_credits_click',
    });
  });

  it("sends logged_in when the user id becomes a logged-in user's", async () => {
    const server = createFakeServer();
    logIn(server);
    renderApp('/search/single');
    await waitFor(() =>
      expect(server.requestsTo('POST /api/events').map((r) => r.body)).toContainEqual({
        name: 'logged_in',
      }),
    );
  });
});

// Mantine reads the window width through matchMedia; jsdom has no layout, so the width is faked.
function atWindowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)em/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = min ? width >= Number(min[1]) * 16 : max ? width <= Number(max[1]) : false;
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  });
}

describe('top bar at every width from 768px', () => {
  it('shows icons named by their labels, with tooltips, where the labels do not fit', async () => {
    atWindowWidth(800);
    const server = createFakeServer();
    logIn(server);
    const app = renderApp('/search/single');
    const profile = await screen.findByRole('button', { name: 'Ann Lee' });
    expect(profile).toHaveAttribute('title', 'Ann Lee');
    expect(profile).not.toHaveTextContent('Ann Lee');
    const addCredits = screen.getByRole('link', { name: 'Add Credits' });
    expect(addCredits).not.toHaveTextContent('Add Credits');
    const companyFinder = within(mainNav()).getByRole('link', { name: 'Company Finder' });
    expect(companyFinder).not.toHaveTextContent('Company Finder');

    await app.user.hover(companyFinder);
    expect(await findTooltip()).toHaveTextContent('Company Finder');
    await app.user.click(profile);
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows the Add Credits label and the name from 992px, the link labels from 1600px', async () => {
    atWindowWidth(1440);
    const server = createFakeServer();
    logIn(server);
    renderApp('/search/single');
    expect(await screen.findByRole('button', { name: 'Ann Lee' })).toHaveTextContent('Ann Lee');
    expect(screen.getByRole('link', { name: 'Add Credits' })).toHaveTextContent('Add Credits');
    expect(within(mainNav()).getByRole('link', { name: 'Lead Finder' })).not.toHaveTextContent(
      'Lead Finder',
    );
  });

  it('shows every label at 1600px', async () => {
    atWindowWidth(1600);
    const server = createFakeServer();
    logIn(server);
    renderApp('/search/single');
    await screen.findByRole('button', { name: 'Ann Lee' });
    for (const name of [
      'Search',
      'Bulk Search',
      'Email Verifier',
      'Company Finder',
      'Lead Finder',
      'Domain Search',
      'Look-Alike',
    ]) {
      expect(within(mainNav()).getByRole('link', { name })).toHaveTextContent(name);
    }
  });
});

describe('mobile menu', () => {
  it('closes on route change', async () => {
    createFakeServer();
    const app = renderApp('/search/single');
    // jsdom applies Mantine's desktop media rules, so the mobile-only parts count as hidden.
    const burger = await screen.findByLabelText('Toggle navigation');
    await app.user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    await app.user.click(within(sidebar).getByText('Lead Finder'));
    await waitFor(() => expect(app.location()).toBe('/lead-finder'));
    // The Lead Finder screen loads when first opened: the menu closes as it shows.
    await waitFor(() => expect(burger).toHaveAttribute('aria-expanded', 'false'));
  });
});

describe('credits display', () => {
  it('stays hidden until the balance is known, then shows balance minus on hold', async () => {
    const server = createFakeServer();
    logIn(server);
    let answer: (response: FakeResponse) => void = () => {};
    server.on('GET /api/auth/user/balance', () => new Promise((resolve) => (answer = resolve)));
    renderApp('/search/single');
    await screen.findByRole('button', { name: 'Ann Lee' });
    expect(screen.queryAllByText(/Credits available/)).toHaveLength(0);

    act(() =>
      answer({
        body: {
          balance: 25,
          onHold: 5,
          plan: { name: 'Free', is_default: true },
          leadSearchBalance: 10,
        },
      }),
    );
    expect(await topBar().findByText('Credits available: 20')).toBeInTheDocument();
  });

  it('explains balance and hold in its tooltip', async () => {
    const server = createFakeServer();
    logIn(server, { balance: { balance: 25, onHold: 5 } });
    const { user } = renderApp('/search/single');
    await user.hover(await topBar().findByText('Credits available: 20'));
    expect(await screen.findByText('Current Balance: 25')).toBeInTheDocument();
    expect(screen.getByText('Amount on Hold: 5')).toBeInTheDocument();
    expect(screen.getByText('On hold is the amount of reserved credits.')).toBeInTheDocument();
  });

  it('gives a guest 2 minus the searches scored 75 or more, under a guest id', async () => {
    const server = createFakeServer({
      'GET /api/search-history/single': {
        body: {
          items: [
            { result: { exactEmail: 'a@b.com', exactEmailScore: 99 } },
            { result: { exactEmail: null, exactEmailScore: 50 } },
          ],
          currentPage: 1,
          totalPages: 1,
          totalItems: 2,
        },
      },
    });
    renderApp('/search/single');
    expect(await topBar().findByText('Credits available: 1')).toBeInTheDocument();
    const guestId = localStorage.getItem(storageKeys.uid);
    expect(guestId).toMatch(/^guest_[0-9a-f-]{36}$/);
    expect(server.requestsTo('GET /api/search-history/single')[0]?.query.get('userId')).toBe(
      guestId,
    );
  });
});

describe('sidebar', () => {
  it('shows the Email Notification Service group only with the mail section', async () => {
    const server = createFakeServer();
    logIn(server, { user: { properties: { sections: ['mail'] } } });
    renderApp('/search/single');
    const group = await screen.findByRole('group', { name: 'Email Notification Service' });
    expect(
      within(group)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/unibox', '/campaigns', '/contacts', '/sender-list', '/analytics']);
  });

  it('titles the group Email Notification Service as written, not in capitals', async () => {
    const server = createFakeServer();
    logIn(server, { user: { properties: { sections: ['mail'] } } });
    renderApp('/search/single');
    const title = await screen.findByText('Email Notification Service');
    expect(title.getAttribute('style') ?? '').not.toContain('uppercase');
  });

  it('has no mail group without the mail section', async () => {
    const server = createFakeServer();
    logIn(server);
    renderApp('/search/single');
    await screen.findByRole('button', { name: 'Ann Lee' });
    expect(
      screen.queryByRole('group', { name: 'Email Notification Service' }),
    ).not.toBeInTheDocument();
  });

  it('keeps the open or closed choice in local storage and shows tooltips when collapsed', async () => {
    // A desktop-wide window, where the sidebar can collapse to icons.
    atWindowWidth(1366);
    const server = createFakeServer();
    logIn(server, { user: { properties: { sections: ['mail'] } } });
    const first = renderApp('/search/single');
    await first.user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(localStorage.getItem(storageKeys.sidebar)).toBe('false');
    first.unmount();

    const second = renderApp('/search/single');
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    // The page behind the sidebar loads its module first; hovering a link before it is there
    // can hover a drawing the page's arrival replaces, and that one never opens its tip.
    await screen.findByLabelText('Company Website or Name', { exact: false });
    const unibox = screen.getByRole('link', { name: 'Unibox' });
    expect(unibox).not.toHaveTextContent('Unibox');
    await second.user.hover(unibox);
    expect(await findTooltip('Unibox')).toBeInTheDocument();
  });

  it('still tells unread conversations when collapsed: in the link’s name and its tooltip', async () => {
    atWindowWidth(1366);
    localStorage.setItem(storageKeys.sidebar, 'false');
    const server = createFakeServer({
      'GET /api/mail/unibox/threads': {
        body: { threads: [], page: 1, pages: 1, per_page: 1, total_count: 3, unread_count: 3 },
      },
    });
    logIn(server, { user: { properties: { sections: ['mail'] } } });
    const { user } = renderApp('/search/single');
    const unibox = await screen.findByRole('link', { name: 'Unibox 3 unread' });
    await user.hover(unibox);
    expect(await findTooltip('Unibox (3 unread)')).toBeInTheDocument();
  });
});

describe('footer and banner', () => {
  it('shows Total Emails Found as the server count times 10, localised', async () => {
    createFakeServer({ 'GET /api/person/emails-found': { body: { count: 123456 } } });
    renderApp('/search/single');
    expect(await screen.findByTestId('emails-found')).toHaveTextContent((1234560).toLocaleString());
    expect(screen.getByText(/Total Emails Found/)).toBeInTheDocument();
  });

  it('shows guests the free plan banner until they dismiss it', async () => {
    createFakeServer();
    const first = renderApp('/search/single');
    const banner = await screen.findByRole('link', { name: 'Start your FREE plan today' });
    expect(banner).toHaveAttribute('href', '/purchase');
    await first.user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Start your FREE plan today')).not.toBeInTheDocument();
    first.unmount();
    renderApp('/search/bulk');
    await screen.findByRole('heading', { name: 'Bulk Search' });
    expect(screen.queryByText('Start your FREE plan today')).not.toBeInTheDocument();
  });

  it.each(['/purchase', '/email-verification'])('hides the banner on %s', async (pathname) => {
    createFakeServer();
    renderApp({
      pathname,
      state: { username: 'ann@acme.com', password: 'Secret12', fname: 'Ann', lname: 'Lee' },
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Start your FREE plan today')).not.toBeInTheDocument();
  });

  it('hides the banner when logged in', async () => {
    const server = createFakeServer();
    logIn(server);
    renderApp('/search/single');
    await screen.findByRole('button', { name: 'Ann Lee' });
    expect(screen.queryByText('Start your FREE plan today')).not.toBeInTheDocument();
  });
});

describe('opened-link tracking', () => {
  it('reports an mlsr query parameter once', async () => {
    const server = createFakeServer({ 'GET /api/mail/tracker/click': { status: 204 } });
    const app = renderApp('/company-finder?mlsr=tok123');
    await screen.findByRole('heading', { name: 'Company Finder' });
    await waitFor(() => expect(server.requestsTo('GET /api/mail/tracker/click')).toHaveLength(1));
    expect(server.requestsTo('GET /api/mail/tracker/click')[0]?.query.get('mlsr')).toBe('tok123');
    await act(() => app.router.navigate('/lead-finder?mlsr=tok123'));
    await screen.findByRole('heading', { name: 'Lead Finder' });
    expect(server.requestsTo('GET /api/mail/tracker/click')).toHaveLength(1);
  });
});

describe('logout (product-spec §4 "Auth")', () => {
  it('shows the next account nothing the previous one had loaded', async () => {
    const server = createFakeServer();
    const mail = { properties: { sections: ['mail'] } };
    const ann = logIn(server, { sub: 'user-ann', user: { id: 'user-ann', ...mail } });
    const bob = makeToken({ sub: 'user-bob' });
    // Ann's campaigns come back at once; Bob's list is still on its way when he opens it.
    server.on('GET /api/mail/campaigns/list', (request) =>
      request.headers.get('Authorization') === `Bearer ${ann.token}`
        ? { body: campaignPage([makeCampaign({ name: 'Ann’s launch' })]) }
        : new Promise<FakeResponse>(() => {}),
    );
    const app = renderApp('/campaigns');
    expect(await screen.findByText('Ann’s launch')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Ann Lee' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(app.location()).toBe('/auth/login'));

    server.on('POST /api/auth/login', { body: { token: bob } });
    server.on('GET /api/auth/user', {
      body: makeUser({ id: 'user-bob', fname: 'Bob', lname: 'Ray', ...mail }),
    });
    await app.user.type(
      await screen.findByLabelText('Email', { exact: false, selector: 'input' }),
      'bob@acme.com',
    );
    await app.user.type(
      screen.getByLabelText('Password', { exact: false, selector: 'input' }),
      'Secret12',
    );
    await app.user.click(screen.getByRole('button', { name: 'Log In' }));
    await screen.findByRole('button', { name: 'Bob Ray' });

    await act(() => app.router.navigate('/campaigns'));
    await screen.findByRole('heading', { name: 'Campaigns' });
    expect(screen.queryByText('Ann’s launch')).not.toBeInTheDocument();
  });
});
