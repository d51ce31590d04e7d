import { randomUUID } from 'node:crypto';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './app-server.ts';
import { type BrowserSession, openBrowser } from './browser.ts';
import { readVerificationCode } from './outbox.ts';

// issue 5 "Done when": single searches in a real browser against the real app, its finder
// pointed at a mail lab with a verified-mailbox domain and a catch-all domain.
describe('single search against the mail lab', () => {
  let lab: MailLab;
  let app: RunningApp;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    lab = await startMailLab({
      hosts: [{ name: 'mx.acme.test' }, { name: 'mx.catchall.test' }],
      domains: [
        {
          name: 'acme.test',
          mx: [{ priority: 10, host: 'mx.acme.test' }],
          mailboxes: ['ann.lee', 'bob.stone', 'dan.ray'],
        },
        {
          name: 'catchall.test',
          mx: [{ priority: 10, host: 'mx.catchall.test' }],
          catchAll: true,
        },
      ],
    });
    app = await startApp({
      FINDER_RESOLVERS: lab.dnsServer,
      FINDER_SMTP_PORT: String(lab.smtpPort),
      FINDER_ALLOW_PRIVATE_MX: 'true',
      FINDER_CONNECT_TIMEOUT_MS: '2000',
      FINDER_COMMAND_TIMEOUT_MS: '2000',
      FREE_PLAN_CREDITS: '1',
      // A light proof of work keeps the guest's bot check quick in a test browser.
      ALTCHA_MAX_NUMBER: '5000',
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

  async function search(page: Page, company: string, firstName: string, lastName: string) {
    await page.getByLabel('Company Website or Name').fill(company);
    await page.getByLabel('First Name').fill(firstName);
    await page.getByLabel('Last Name').fill(lastName);
    await page.getByRole('button', { name: 'Search' }).click();
  }

  const history = (page: Page) => page.getByRole('table', { name: 'Search history' });
  const credits = (page: Page) => page.getByRole('banner').getByText(/^Credits available: /);
  // The history row that shows the address.
  const row = (page: Page, email: string) =>
    history(page).getByRole('row').filter({ hasText: email });

  it('lets a guest search twice, then shows Out of Free Searches', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto(`${app.baseUrl}/search/single`);
    await expect.poll(() => credits(page).textContent()).toBe('Credits available: 2');

    await search(page, 'acme.test', 'Ann', 'Lee');
    await history(page).getByText('ann.lee@acme.test').waitFor();
    expect(await history(page).getByRole('img', { name: 'Score 99' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Evidence for Ann Lee' }).click();
    const evidence = page.getByRole('dialog', { name: 'Evidence' });
    await expect.poll(() => evidence.textContent()).toContain('mx.acme.test');
    expect(await evidence.textContent()).toContain('ann.lee@acme.test');
    await page.keyboard.press('Escape');
    await evidence.waitFor({ state: 'hidden' });

    await search(page, 'acme.test', 'Bob', 'Stone');
    await history(page).getByText('bob.stone@acme.test').waitFor();
    await expect.poll(() => credits(page).textContent()).toBe('Credits available: 0');
    const guestHistory = await page.evaluate(() => localStorage.getItem('searchHistory'));
    expect(guestHistory).toContain('bob.stone@acme.test');

    await search(page, 'acme.test', 'Dan', 'Ray');
    await page.getByRole('dialog', { name: 'Out of Free Searches' }).waitFor();
    expect(
      await page
        .getByRole('dialog', { name: 'Out of Free Searches' })
        .getByRole('link', { name: 'Sign Up' })
        .isVisible(),
    ).toBe(true);
  });

  it('charges a user with 1 credit for a verified address only, then shows the credits modal', async () => {
    session = await openBrowser();
    const { page } = session;
    const email = `cara.${randomUUID().slice(0, 8)}@acme-e2e.com`;
    await page.goto(`${app.baseUrl}/signup`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.locator('input[type="password"]').fill('Secret123');
    await page.getByLabel('First Name').fill('Cara');
    await page.getByLabel('Last Name').fill('Diaz');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/email-verification/);
    const code = await readVerificationCode(app.baseUrl, email);
    for (let index = 0; index < code.length; index += 1) {
      await page.getByLabel(`Digit ${index + 1}`).fill(code[index] ?? '');
    }
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/search\/single$/);
    await expect.poll(() => credits(page).textContent()).toBe('Credits available: 1');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const balance = async () => {
      const answer = await fetch(`${app.baseUrl}/api/auth/user/balance`, {
        headers: { Authorization: `${token}` },
      });
      return ((await answer.json()) as { balance: number; onHold: number }).balance;
    };

    // A catch-all domain cannot prove the address: a 50, free of charge, and the verdict beside
    // it says why (issue 22).
    await search(page, 'catchall.test', 'Eve', 'Moss');
    await history(page).getByRole('img', { name: 'Score 50' }).waitFor();
    const acceptAll = row(page, 'eve.moss@catchall.test').locator('[data-verdict="accept_all"]');
    expect(await acceptAll.textContent()).toContain('Accept all');
    await acceptAll.hover();
    await expect
      .poll(() => page.getByRole('tooltip').textContent())
      .toBe('The domain accepts every address: this one cannot be confirmed.');
    expect(await balance()).toBe(1);
    await expect.poll(() => credits(page).textContent()).toBe('Credits available: 1');

    // A verified address costs the one credit.
    await search(page, 'acme.test', 'Dan', 'Ray');
    await history(page).getByText('dan.ray@acme.test').waitFor();
    expect(await history(page).getByRole('img', { name: 'Score 99' }).count()).toBe(1);
    const valid = row(page, 'dan.ray@acme.test').locator('[data-verdict]');
    expect(await valid.getAttribute('data-verdict')).toBe('valid');
    expect(await valid.textContent()).toContain('Valid');
    await expect.poll(balance).toBe(0);
    await expect.poll(() => credits(page).textContent()).toBe('Credits available: 0');

    await search(page, 'acme.test', 'Ann', 'Lee');
    const modal = page.getByRole('dialog', { name: 'Credits required' });
    await expect.poll(() => modal.textContent()).toContain('You reached your search limit...');
    await modal.getByRole('link', { name: 'Upgrade Now' }).click();
    await page.waitForURL(/\/purchase$/);
  });
});

// issue 27 "A demo that finds": `npm start` on a machine without the internet, nothing
// configured. The Example points at a demo person, and the embedded demo mail world verifies
// the address.
describe('the Example search with the embedded defaults', () => {
  let app: RunningApp;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    app = await startApp({ ALTCHA_MAX_NUMBER: '5000' });
  });

  afterAll(async () => {
    await session?.browser.close();
    await app?.stop();
  });

  it('finds a verified address (99) with its evidence, and the footer counts it', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto(`${app.baseUrl}/auth/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill('demo@mailhound.dev');
    await page.getByLabel(/^Password/).fill('Demo1234');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/search\/single$/);
    const found = page.getByTestId('emails-found');
    await found.waitFor();
    const before = Number((await found.textContent())?.replace(/\D/g, ''));

    await page.getByRole('button', { name: 'Example' }).click();
    // The click fills the field on React's next render, not before click() returns.
    await expect
      .poll(() => page.getByLabel('Company Website or Name').inputValue())
      .toBe('ravenmind.example');
    await page.getByRole('button', { name: 'Search' }).click();
    const history = page.getByRole('table', { name: 'Search history' });
    await history.getByText('sakura.smith@ravenmind.example').waitFor();
    expect(await history.getByRole('img', { name: 'Score 99' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Evidence for Sakura Smith' }).click();
    const evidence = page.getByRole('dialog', { name: 'Evidence' });
    await expect.poll(() => evidence.textContent()).toContain('mx.demo-mail.example');
    await page.keyboard.press('Escape');
    await expect
      .poll(async () => Number((await found.textContent())?.replace(/\D/g, '')))
      .toBe(before + 10);
  });
});
