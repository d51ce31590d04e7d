import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { readVerificationCode } from './outbox.ts';

type Plan = { name: string; rules: { price_id: string | null } };
type Company = { companyName: string; website: string | null };

async function starterPriceId(baseUrl: string): Promise<string> {
  const plans = (await (await fetch(`${baseUrl}/api/checkout/plans/list`)).json()) as Plan[];
  const starter = plans.find((plan) => plan.name === 'Starter');
  if (!starter?.rules.price_id) throw new Error('no Starter plan in the seeded plans');
  return starter.rules.price_id;
}

// Three seeded software companies with a website, read through the companies search as the
// demo user: the list a customer would upload.
async function demoDomains(baseUrl: string): Promise<string[]> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo@mailhound.dev', password: 'Demo1234' }),
  });
  const { token } = (await login.json()) as { token: string };
  const query = new URLSearchParams({
    industry: JSON.stringify(['computer_software']),
    page: '1',
    perPage: '10',
  });
  const search = await fetch(`${baseUrl}/api/companies/search?${query}`, {
    headers: { Authorization: token },
  });
  const { items } = (await search.json()) as { items: Company[] };
  const domains = items
    .flatMap((company) => (company.website ? [company.website] : []))
    .map((website) => website.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/.*$/, ''))
    .slice(0, 3);
  if (domains.length < 3) throw new Error('the demo data has fewer than 3 software companies');
  return domains;
}

// Sign-up straight into the Starter checkout, paid with the local provider's test card.
async function signUpOnStarter(page: Page, baseUrl: string) {
  const email = `lina.${randomUUID().slice(0, 8)}@acme-e2e.com`;
  const purchase = `/purchase?${new URLSearchParams({
    priceId: await starterPriceId(baseUrl),
    planName: 'Starter',
    quantity: '1',
  })}`;
  await page.goto(`${baseUrl}/signup?${new URLSearchParams({ redirectUrl: purchase })}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill('Secret123');
  await page.getByLabel('First Name').fill('Lina');
  await page.getByLabel('Last Name').fill('Park');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/email-verification/);
  const code = await readVerificationCode(baseUrl, email);
  for (let index = 0; index < code.length; index += 1) {
    await page.getByLabel(`Digit ${index + 1}`).fill(code[index] ?? '');
  }
  await page.getByRole('button', { name: 'Verify' }).click();

  await page.waitForURL(/\/checkout$/);
  await page.getByLabel('Name on card').fill('Lina Park');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel(/^Expiry/).fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/settings\/invoices$/, { timeout: 15_000 });
}

// issue 8 "Done when": a browser test from upload to preview on the demo data.
describe('look-alike, in a real browser against the seeded demo data', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(async () => {
    await session.browser.close();
  });

  it('a user on a paid plan uploads 3 company domains and reaches the preview with contacts', async () => {
    const { page, baseUrl } = session;
    const domains = await demoDomains(baseUrl);
    await signUpOnStarter(page, baseUrl);

    await page.goto(`${baseUrl}/look-alike`);
    await page.getByRole('heading', { name: 'Look-Alike' }).waitFor();
    const searches = page.getByText(/^Searches available: \d+$/);
    await searches.waitFor();
    const before = Number((await searches.textContent())?.replace(/\D/g, ''));
    expect(before).toBeGreaterThan(0);
    await page.getByText('Find out how many similar accounts we can find').waitFor();

    await page.getByRole('button', { name: 'Upload List Now' }).click();
    const modal = page.getByRole('dialog', { name: 'New Look-Alike' });
    await modal.getByLabel('Choose a file').setInputFiles({
      name: 'best-customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Company\n${domains.join('\n')}\n`),
    });
    await modal.getByRole('button', { name: 'Upload' }).click();
    await modal.waitFor({ state: 'hidden' });

    // The row follows its live stream to the result; one lead search is spent.
    const history = page.getByRole('table', { name: 'Look-alike history' });
    const row = history.getByRole('row').filter({ hasText: 'best-customers.csv' });
    await row.getByText('Success').waitFor({ timeout: 60_000 });
    expect(await row.textContent()).toMatch(/[\d,]+ similar compan(y|ies) found/);
    await expect.poll(() => searches.textContent()).toBe(`Searches available: ${before - 1}`);

    await row.getByRole('link', { name: 'Preview' }).click();
    await page.waitForURL(/\/look-alike\/preview\/[^/]+$/);
    await page.getByRole('heading', { name: 'best-customers.csv' }).waitFor();
    const contacts = page.getByRole('table', { name: 'Look-alike contacts' });
    await expect.poll(() => contacts.getByRole('row').count()).toBeGreaterThan(1);
    const profile = contacts.getByRole('row').nth(1).getByRole('link');
    expect(await profile.getAttribute('href')).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
    // The uploaded companies are the list, not its look-alikes.
    const websites = await contacts.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(websites.length).toBeGreaterThan(0);
    for (const website of websites) expect(domains).not.toContain(website.trim());
    expect(await page.getByRole('button', { name: 'Find Emails' }).isEnabled()).toBe(true);
    // No address found yet: nothing to export or to put in a contact list, and the page says so.
    expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create Contact List' }).isDisabled()).toBe(true);
    await page.getByText('No emails found yet: click Find Emails first.').waitFor();
    // Each company says why it is like the list: the list is software, so its industry.
    await contacts
      .getByRole('list', { name: /is similar$/ })
      .first()
      .getByText('Computer Software')
      .waitFor();

    // The demo mail world answers the demo companies' domains: Find Emails finds addresses,
    // the page counts them and Export CSV turns on.
    // The price first (one credit per contact that could come back verified); nothing is spent
    // until it is confirmed.
    await page.getByRole('button', { name: 'Find Emails' }).click();
    const spend = page.getByRole('dialog', { name: 'Find Emails' });
    await spend.getByText(/^You will pay up to [\d,]+ credit\(s\)$/).waitFor();
    // Pressed from the keyboard: a click while the dialog still slides in can land beside the
    // moving button on a loaded machine, and then nothing is confirmed.
    await spend.getByRole('button', { name: 'Find Emails' }).press('Enter');
    await spend.waitFor({ state: 'hidden' });
    const status = page.getByRole('status').filter({ hasText: /^Searched [\d,]+ contacts?:/ });
    await status.waitFor({ timeout: 120_000 });
    expect(await status.textContent()).toMatch(/: [1-9][\d,]* found \([\d,]+ verified\)/);
    const emails = await contacts.locator('tbody tr td:nth-child(7)').allTextContents();
    expect(emails.some((email) => email.includes('@'))).toBe(true);
    expect(await page.getByRole('button', { name: 'Export CSV' }).isEnabled()).toBe(true);
    expect(await page.getByText('No emails found yet: click Find Emails first.').count()).toBe(0);
  }, 300_000);
});
