import { singleSearchExample } from '@mailhound/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { type BrowserSession, openBrowser } from './browser.ts';

type Screen = {
  name: string;
  path: string;
  // What shows once the screen has its data, so axe does not audit a loader.
  ready: (page: Page) => Locator;
  open?: (page: Page) => Promise<void>;
};

function auditScreens(session: () => BrowserSession, screens: Screen[]) {
  it.each(screens)('$name has no serious WCAG 2 A/AA violation', async (screen) => {
    const { page, baseUrl } = session();
    await page.goto(`${baseUrl}${screen.path}`);
    await screen.ready(page).first().waitFor();
    await screen.open?.(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

describe('accessibility (axe-core), in a real browser against the seeded demo data', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => {
    await session.browser.close();
  });

  describe('as a guest', () => {
    auditScreens(
      () => session,
      [
        {
          name: 'single search',
          path: '/search/single',
          ready: (page) => page.getByRole('heading', { name: 'Single Search' }),
        },
        {
          name: 'login',
          path: '/auth/login',
          ready: (page) => page.getByRole('button', { name: 'Log In' }),
        },
      ],
    );
  });

  describe('as the demo user', () => {
    beforeAll(async () => {
      const { page, baseUrl } = session;
      await page.goto(`${baseUrl}/auth/login`);
      await page.getByRole('textbox', { name: 'Email' }).fill('demo@mailhound.dev');
      await page.getByLabel(/^Password/).fill('Demo1234');
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.waitForURL(/\/search\/single$/);
    });

    auditScreens(
      () => session,
      [
        {
          name: 'single search',
          path: '/search/single',
          ready: (page) => page.getByText(/^Credits available/),
        },
        {
          // The demo user has searched nothing yet: the first-steps checklist shows.
          name: 'first steps checklist',
          path: '/search/single',
          ready: (page) => page.getByRole('region', { name: 'Get started' }),
        },
        {
          name: 'company page',
          path: '/search/single',
          ready: (page) => page.getByText(/^Credits available/),
          open: async (page) => {
            const slug = await page.evaluate(async () => {
              const query = new URLSearchParams({
                employees: JSON.stringify(['51-200']),
                page: '1',
                perPage: '1',
              });
              const search = await fetch(`/api/companies/search?${query}`, {
                headers: { Authorization: localStorage.getItem('token') ?? '' },
              });
              const { items } = (await search.json()) as { items: { slug: string }[] };
              return items[0]?.slug;
            });
            await page.goto(new URL(`/company/${slug}`, page.url()).href);
            // The chart is drawn once the department counts are in.
            await page
              .getByRole('region', { name: 'Employee Data Overview' })
              .locator('.recharts-surface')
              .waitFor();
          },
        },
        {
          name: 'bulk search',
          path: '/search/bulk',
          ready: (page) => page.getByRole('button', { name: /^(Upload List Now|New Bulk)$/ }),
        },
        {
          name: 'bulk upload modal',
          path: '/search/bulk',
          ready: (page) => page.getByRole('button', { name: /^(Upload List Now|New Bulk)$/ }),
          open: async (page) => {
            await page
              .getByRole('button', { name: /^(Upload List Now|New Bulk)$/ })
              .first()
              .click();
            await page.getByRole('dialog', { name: 'Upload your list' }).waitFor();
          },
        },
        {
          name: 'email verifier',
          path: '/verify',
          ready: (page) => page.getByRole('heading', { name: 'Email Verifier' }),
        },
        {
          name: 'domain search with its people',
          path: '/domain-search',
          ready: (page) => page.getByRole('heading', { name: 'Domain Search' }),
          open: async (page) => {
            await page.getByLabel('Domain or company').fill(singleSearchExample.company);
            await page.getByRole('button', { name: 'Search', exact: true }).click();
            await page.getByLabel('Mail facts').waitFor();
          },
        },
        {
          name: 'lead finder',
          path: '/lead-finder',
          ready: (page) => page.getByText(/^Searches available: \d+$/),
        },
        {
          name: 'purchase',
          path: '/purchase',
          ready: (page) => page.getByRole('button', { name: 'Choose Plan' }),
        },
        {
          name: 'contacts',
          path: '/contacts',
          ready: (page) => page.getByRole('table'),
        },
        {
          // A list's contacts, with the Verification badges.
          name: 'contact list details',
          path: '/contacts',
          ready: (page) => page.getByRole('table'),
          open: async (page) => {
            await page.getByRole('table').getByRole('link').first().click();
            await page.getByRole('table', { name: 'Contacts' }).getByRole('row').nth(1).waitFor();
          },
        },
        {
          // The CSV source: the drop zone with its picker.
          name: 'new list from a CSV',
          path: '/contacts/name',
          ready: (page) => page.getByLabel('Name', { exact: true }),
          open: async (page) => {
            await page.getByLabel('Name', { exact: true }).fill(`Audit ${Date.now()}`);
            await page.getByRole('button', { name: 'Continue' }).click();
            await page.getByTestId('contacts-csv-dropzone').waitFor();
          },
        },
        {
          name: 'campaigns',
          path: '/campaigns',
          ready: (page) => page.getByRole('table'),
        },
        {
          name: 'unibox',
          path: '/unibox',
          ready: (page) => page.getByRole('list', { name: 'Conversations' }).getByRole('listitem'),
        },
        {
          name: 'settings API',
          path: '/settings/api',
          ready: (page) =>
            page.getByText('No API keys yet').or(page.getByRole('table', { name: 'API keys' })),
        },
        {
          name: 'settings API with a new key shown once',
          path: '/settings/api',
          ready: (page) => page.getByRole('button', { name: 'Create key' }),
          open: async (page) => {
            await page.getByRole('textbox', { name: 'Key name' }).fill('Audit');
            await page.getByRole('button', { name: 'Create key' }).click();
            await page.getByRole('dialog', { name: 'API key “Audit”' }).waitFor();
          },
        },
        {
          name: 'settings webhooks',
          path: '/settings/webhooks',
          ready: (page) =>
            page.getByText('No webhooks yet').or(page.getByRole('button', { name: 'Send test' })),
        },
        {
          name: 'settings webhooks with a failed test delivery',
          path: '/settings/webhooks',
          ready: (page) => page.getByRole('button', { name: 'Add webhook' }),
          open: async (page) => {
            const url = 'https://hooks.example.invalid/audit';
            await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
            await page.getByRole('checkbox', { name: 'email.bounced' }).check();
            await page.getByRole('button', { name: 'Add webhook' }).click();
            await page
              .getByRole('dialog', { name: 'Signing secret' })
              .getByRole('button', { name: 'Done' })
              .click();
            const card = page.getByRole('region', { name: url });
            await card.getByRole('button', { name: 'Send test' }).click();
            // The host does not resolve, so the test's delivery shows an error in words.
            await card
              .getByRole('table', { name: `Deliveries to ${url}` })
              .getByRole('row')
              .filter({ hasText: 'webhook.test' })
              .waitFor({ timeout: 30_000 });
          },
        },
      ],
    );
  });
});
