import { randomUUID } from 'node:crypto';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './app-server.ts';
import { type BrowserSession, openBrowser } from './browser.ts';
import { readVerificationCode } from './outbox.ts';

// Four people at one lab domain; three have a mailbox, Dan has none and stays out of the list.
const people = [
  { firstName: 'Ann', lastName: 'Lee', found: true },
  { firstName: 'Bob', lastName: 'Stone', found: true },
  { firstName: 'Cara', lastName: 'Diaz', found: true },
  { firstName: 'Dan', lastName: 'Ray', found: false },
];
const domain = 'lists.test';
const address = (person: { firstName: string; lastName: string }) =>
  `${person.firstName}.${person.lastName}@${domain}`.toLowerCase();
const found = people.filter((person) => person.found).map(address);

function uploadCsv(): string {
  const lines = ['First Name,Last Name,Company Website'];
  for (const person of people) lines.push(`${person.firstName},${person.lastName},${domain}`);
  return `${lines.join('\n')}\n`;
}

// issue 10 "Done when": bulk results → contact list, in a real browser against the real app
// and the mail lab.
describe('a contact list from bulk results', () => {
  let lab: MailLab;
  let app: RunningApp;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    lab = await startMailLab({
      hosts: [{ name: 'mx.lists.test' }],
      domains: [
        {
          name: domain,
          mx: [{ priority: 10, host: 'mx.lists.test' }],
          mailboxes: people
            .filter((person) => person.found)
            .map((person) => `${person.firstName}.${person.lastName}`.toLowerCase()),
        },
      ],
    });
    app = await startApp({
      FINDER_RESOLVERS: lab.dnsServer,
      FINDER_SMTP_PORT: String(lab.smtpPort),
      FINDER_ALLOW_PRIVATE_MX: 'true',
      FINDER_CONNECT_TIMEOUT_MS: '2000',
      FINDER_COMMAND_TIMEOUT_MS: '2000',
    });
  });

  afterAll(async () => {
    await app?.stop();
    await lab?.close();
  });

  afterEach(async () => {
    await session?.browser.close();
    session = undefined;
  });

  // A new user gets the mail section by default.
  async function signUp(page: Page): Promise<void> {
    const email = `bulk.lists.${randomUUID().slice(0, 8)}@acme-e2e.com`;
    await page.goto(`${app.baseUrl}/signup`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.locator('input[type="password"]').fill('Secret123');
    await page.getByLabel('First Name').fill('Noa');
    await page.getByLabel('Last Name').fill('Berg');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/email-verification/);
    const code = await readVerificationCode(app.baseUrl, email);
    for (let index = 0; index < code.length; index += 1) {
      await page.getByLabel(`Digit ${index + 1}`).fill(code[index] ?? '');
    }
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/search\/single$/);
  }

  async function expectListOfFound(page: Page, name: string): Promise<void> {
    await page.waitForURL(/\/contacts\/details\/[^/]+$/);
    await page.getByText('Contact list created successfully!').first().waitFor();
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    const contacts = page.getByRole('table', { name: 'Contacts' });
    for (const email of found) await contacts.getByText(email).waitFor();
    expect(await contacts.getByText(address({ firstName: 'Dan', lastName: 'Ray' })).count()).toBe(
      0,
    );
  }

  it('runs a bulk search, creates a list from the preview and another from the source step', {
    timeout: 120_000,
  }, async () => {
    session = await openBrowser();
    const { page } = session;
    await signUp(page);

    await page.getByRole('banner').getByRole('link', { name: 'Bulk Search' }).click();
    await page.waitForURL(/\/search\/bulk$/);
    await page.getByRole('button', { name: 'Upload List Now' }).click();
    const modal = page.getByRole('dialog', { name: 'Upload your list' });
    await modal.getByLabel('Choose a file').setInputFiles({
      name: 'fair.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(uploadCsv()),
    });
    await modal.getByRole('button', { name: 'Upload' }).click();
    await modal.waitFor({ state: 'hidden' });
    const row = page
      .getByRole('table', { name: 'Bulk search history' })
      .getByRole('row')
      .filter({ hasText: 'fair.csv' });
    await row.getByText(`${found.length} emails found`).waitFor({ timeout: 60_000 });

    await row.getByRole('link', { name: 'Preview' }).click();
    await page.waitForURL(/\/search\/bulk\/preview\/[^/]+$/);
    await page.getByText(`You will pay up to ${found.length} credit(s)`).waitFor();
    await page.getByRole('button', { name: 'Create Contact List' }).click();
    const naming = page.getByRole('dialog', { name: 'Create Contact List' });
    await naming.getByRole('textbox', { name: 'Name' }).fill('Fair leads');
    await naming.getByRole('button', { name: 'Create' }).click();
    await expectListOfFound(page, 'Fair leads');

    // The same search picked in the create-list flow: paid once already, so nothing to pay.
    await page.goto(`${app.baseUrl}/contacts/name`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Fair again');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/contacts\/contacts-source$/);
    await page.getByText('From Bulk Results').click();
    await page.getByText('You already paid for these emails').waitFor();
    await page.getByRole('radio', { name: 'fair.csv' }).check();
    await page.getByRole('button', { name: 'Create List' }).click();
    await expectListOfFound(page, 'Fair again');
  });
});
