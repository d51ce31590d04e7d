import { storageKeys } from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signUpReasons } from '../../../shared/session/sign-up-reason.ts';
import { createFakeServer, errorBody, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';

const acme = {
  companyName: 'Acme Robotics',
  slug: 'acme-robotics',
  website: 'acme-robotics.com',
  country: 'Germany',
  industry: 'computer_software',
  employees: '250',
  foundedYear: 1998,
  revenue: '10000000,50000000',
  instagramUrl: null,
  facebookUrl: 'https://facebook.com/acme',
  twitterUrl: null,
  linkedinUrl: 'https://linkedin.com/company/acme',
  logoUrl: 'https://logos.example/acme-robotics.png',
  description: 'Acme builds robots.',
};

function serveCompany(server: FakeServer, key = 'acme-robotics') {
  const base = `GET /api/company/companies/${key}`;
  server.on(base, { body: acme });
  server.on(`${base}/employeesStats`, { body: { engineering: 40, hr: 3, sales: 12 } });
  server.on(`${base}/leadTitles`, {
    body: [
      {
        jobTitle: 'Chief Executive Officer',
        email: 'j•••@acme-robotics.com',
        phone: '+1 ••• ••• ••12',
      },
      { jobTitle: 'VP of Sales', email: 'm•••@acme-robotics.com', phone: null },
    ],
  });
  server.on(`${base}/similarCompanies`, {
    body: [
      {
        companyName: 'Beta Bots',
        slug: 'beta-bots',
        website: 'betabots.io',
        industry: 'industrial_automation',
        country: 'France',
      },
    ],
  });
}

const panel = (label: string) => screen.getByRole('group', { name: label });
const section = (label: string) => screen.getByRole('region', { name: label });
const leadFinder = '/lead-finder?companyName=%5B%22Acme+Robotics%22%5D';

describe('public company page (product-spec §2 "Company page")', () => {
  it('shows the logo and name and a panel for each fact', async () => {
    const server = createFakeServer();
    serveCompany(server);
    renderApp('/company/acme-robotics');
    expect(await screen.findByRole('heading', { name: 'Acme Robotics', level: 1 })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Acme Robotics logo' })).toHaveAttribute(
      'src',
      acme.logoUrl,
    );
    expect(
      within(panel('Website')).getByRole('link', { name: 'acme-robotics.com' }),
    ).toHaveAttribute('href', 'https://acme-robotics.com');
    expect(panel('Country')).toHaveTextContent('Germany');
    expect(panel('Industry')).toHaveTextContent('Computer Software');
    expect(panel('Employees')).toHaveTextContent('250');
    expect(panel('Founded')).toHaveTextContent('1998');
    expect(panel('Estimated Revenue')).toHaveTextContent('$10M – $50M');
    const social = within(panel('Social'));
    expect(social.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute(
      'href',
      'https://linkedin.com/company/acme',
    );
    expect(social.getByRole('link', { name: 'Facebook' })).toBeInTheDocument();
    expect(social.queryByRole('link', { name: 'Instagram' })).toBeNull();
    expect(document.title).toBe('Acme Robotics | Mailhound');
  });

  it('counts employees per department, and lists related businesses as company pages', async () => {
    const server = createFakeServer();
    serveCompany(server);
    renderApp('/company/acme-robotics');
    await screen.findByRole('heading', { name: 'Acme Robotics', level: 1 });
    const overview = within(section('Employee Data Overview'));
    const rows = await overview.findAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'Engineering40',
      'Sales12',
      'HR3',
    ]);
    // Where the numbers come from: people we hold (40 + 12 + 3) against the company's size.
    expect(overview.getByText('55 people in our database · team of 250')).toBeVisible();
    const related = within(section('Related Businesses'));
    expect(await related.findByRole('link', { name: 'Beta Bots' })).toHaveAttribute(
      'href',
      '/company/beta-bots',
    );
    expect(related.getByText('Industrial Automation · France')).toBeInTheDocument();
  });

  it('lists key decision makers with masked e-mail and phone only', async () => {
    const server = createFakeServer();
    serveCompany(server);
    renderApp('/company/acme-robotics');
    const makers = within(await screen.findByRole('region', { name: 'Key Decision Makers' }));
    const rows = await makers.findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Chief Executive Officer');
    expect(rows[1]).toHaveTextContent('j•••@acme-robotics.com');
    expect(rows[1]).toHaveTextContent('+1 ••• ••• ••12');
    expect(rows[2]).toHaveTextContent('m•••@acme-robotics.com');
    expect(makers.getByRole('button', { name: 'Show Contacts' })).toBeInTheDocument();
  });

  it('shows the banner', async () => {
    const server = createFakeServer();
    serveCompany(server);
    renderApp('/company/acme-robotics');
    expect(await screen.findByText('Connect with Decision Makers')).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Try for Free (Receive Free Credits Every Month!)' }),
    ).toBeVisible();
  });

  it('sends a logged-in user to the lead finder for this company, searching at once', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompany(server);
    server.on('GET /api/leads/search', {
      body: { items: [], currentPage: 1, totalPages: 0, totalItems: 0, leadSearchBalance: 9 },
    });
    const { user, location } = renderApp('/company/acme-robotics');
    // The click spends a Lead Finder search: the button says so first.
    expect(await screen.findByText('Opens Lead Finder: uses 1 search (10 left)')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Show Contacts' }));
    // The lead finder keeps the search it ran in its address, as page 1.
    await waitFor(() => expect(location()).toBe(`${leadFinder}&page=1`));
    // The lead finder took the flag: its search ran for this company.
    await waitFor(() => expect(server.requestsTo('GET /api/leads/search')).toHaveLength(1));
    expect(server.requestsTo('GET /api/leads/search')[0]?.query.get('companyName')).toBe(
      '["Acme Robotics"]',
    );
  });

  it('sets the autoSearch flag for the banner action too', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompany(server);
    const { user, router } = renderApp('/company/acme-robotics');
    // The lead finder would take the flag at once: stop at the navigation to read it.
    let flagAtNavigation: string | null = null;
    let openedAt: string | null = null;
    router.subscribe((state) => {
      if (state.location.pathname === '/lead-finder' && openedAt === null) {
        flagAtNavigation = localStorage.getItem(storageKeys.autoSearch);
        openedAt = `${state.location.pathname}${state.location.search}`;
      }
    });
    await user.click(
      await screen.findByRole('button', {
        name: 'Try for Free (Receive Free Credits Every Month!)',
      }),
    );
    await waitFor(() => expect(openedAt).toBe(leadFinder));
    expect(flagAtNavigation).toBe('true');
  });

  it('sends a guest to sign-up with the lead finder as redirect', async () => {
    const server = createFakeServer();
    serveCompany(server);
    const { user, location } = renderApp('/company/acme-robotics');
    await user.click(
      await screen.findByRole('button', {
        name: 'Try for Free (Receive Free Credits Every Month!)',
      }),
    );
    await waitFor(() =>
      expect(location()).toBe(`/signup?${new URLSearchParams({ redirectUrl: leadFinder })}`),
    );
    expect(await screen.findByText(signUpReasons.companyContacts)).toBeVisible();
    expect(localStorage.getItem(storageKeys.autoSearch)).toBeNull();
  });

  it('goes to /404 for an unknown company', async () => {
    const server = createFakeServer();
    server.on('GET /api/company/companies/nobody', errorBody(404, 'Company not found'));
    const { location } = renderApp('/company/nobody');
    await waitFor(() => expect(location()).toBe('/404'));
  });

  it('sets a canonical link to the slug address while shown, also when opened by domain', async () => {
    const server = createFakeServer();
    serveCompany(server, 'acme-robotics.com');
    const { user } = renderApp('/company/acme-robotics.com');
    await screen.findByRole('heading', { name: 'Acme Robotics', level: 1 });
    const canonical = () => document.head.querySelectorAll('link[rel="canonical"]');
    expect(canonical()).toHaveLength(1);
    expect(canonical()[0]).toHaveAttribute(
      'href',
      `${window.location.origin}/company/acme-robotics`,
    );

    await user.click(screen.getByRole('link', { name: 'Beta Bots' }));
    await waitFor(() => expect(canonical()).toHaveLength(0));
  });
});
