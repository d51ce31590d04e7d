import { storageKeys } from '@mailhound/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';

type Company = { companyName: string; slug: string };

// A seeded company with decision makers, found through the API as the demo user.
async function companyWithPeople(baseUrl: string): Promise<Company> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo@mailhound.dev', password: 'Demo1234' }),
  });
  const { token } = (await login.json()) as { token: string };
  const query = new URLSearchParams({
    industry: JSON.stringify(['computer_software']),
    employees: JSON.stringify(['51-200']),
    page: '1',
    perPage: '10',
  });
  const search = await fetch(`${baseUrl}/api/companies/search?${query}`, {
    headers: { Authorization: token },
  });
  const { items } = (await search.json()) as { items: Company[] };
  for (const company of items) {
    const titles = await fetch(`${baseUrl}/api/company/companies/${company.slug}/leadTitles`);
    if (((await titles.json()) as unknown[]).length > 0) return company;
  }
  throw new Error('the demo data has no software company of 51-200 people with decision makers');
}

// issue 7 "Done when": from a public company page to the lead finder with autoSearch.
describe('company page → lead finder, in a real browser against the seeded demo data', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(async () => {
    await session.browser.close();
  });

  it('opens the lead finder on the company with its leads already searched', async () => {
    const { page, baseUrl } = session;
    const company = await companyWithPeople(baseUrl);

    await page.goto(`${baseUrl}/auth/login?redirectUrl=/company/${company.slug}`);
    await page.getByRole('textbox', { name: 'Email' }).fill('demo@mailhound.dev');
    await page.getByLabel(/^Password/).fill('Demo1234');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(new RegExp(`/company/${company.slug}$`));
    await page.getByRole('heading', { name: company.companyName, level: 1 }).waitFor();
    expect(await page.title()).toBe(`${company.companyName} | Mailhound`);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${baseUrl}/company/${company.slug}`,
    );
    const makers = page.getByRole('region', { name: 'Key Decision Makers' });
    await expect.poll(() => makers.getByRole('row').count()).toBeGreaterThan(1);
    expect(await makers.getByRole('row').nth(1).textContent()).toContain('•');

    await makers.getByRole('button', { name: 'Show Contacts' }).click();
    await page.waitForURL(/\/lead-finder\?/);
    expect(new URL(page.url()).searchParams.get('companyName')).toBe(
      JSON.stringify([company.companyName]),
    );

    // No click on Search: the flag made the finder search at once.
    const leads = page.getByRole('table', { name: 'Leads' });
    await leads.waitFor();
    await expect.poll(() => leads.getByRole('row').count()).toBeGreaterThan(1);
    expect(
      await leads.getByRole('link', { name: company.companyName, exact: true }).count(),
    ).toBeGreaterThan(0);
    await page.getByText(/^Searches available: \d+$/).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.autoSearch)).toBe(
      null,
    );
  });
});
