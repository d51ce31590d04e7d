import { randomUUID } from 'node:crypto';
import { singleSearchExample } from '@mailhound/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { signUpWithCode } from './sign-up.ts';

// issue 22 "Done when": a domain search that shows the learnt pattern after a find at that
// domain and charges one credit per Find, against the seeded demo data and its mail world.
describe('Domain Search in a real browser', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(async () => {
    await session.browser.close();
  });

  it('shows the pattern learnt from a Find at the domain, which costs one credit', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/signup?${new URLSearchParams({ redirectUrl: '/domain-search' })}`);
    await signUpWithCode(page, baseUrl, {
      email: `dora.${randomUUID().slice(0, 8)}@acme-e2e.com`,
      firstName: 'Dora',
      lastName: 'Vance',
    });
    await page.waitForURL(/\/domain-search$/);
    const credits = page.getByRole('banner').getByText(/^Credits available: /);
    await expect.poll(() => credits.textContent()).toMatch(/^Credits available: \d+$/);
    const before = Number((await credits.textContent())?.replace(/\D/g, ''));

    const { company, firstName, lastName } = singleSearchExample;
    await page.getByLabel('Domain or company').fill(company);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const mail = page.getByLabel('Mail facts');
    await expect.poll(() => mail.textContent()).toContain('mx.demo-mail.example');
    // The search itself spends nothing.
    expect(await credits.textContent()).toBe(`Credits available: ${before}`);

    await page.getByLabel('First name').fill(firstName);
    await page.getByLabel('Last name').fill(lastName);
    await page.getByRole('button', { name: `Find at ${company}` }).click();
    // The typed-in Find shows its address (the people table may list her too, now in full).
    const typed = page.getByRole('form', { name: 'Find someone' });
    await typed.getByText(`sakura.smith@${company}`).waitFor();
    await expect
      .poll(() => page.getByLabel('Pattern').textContent())
      .toMatch(/^Pattern: first\.last, \d+ verified address(es)?, 0 against$/);
    await expect.poll(() => credits.textContent()).toBe(`Credits available: ${before - 1}`);
  });
});
