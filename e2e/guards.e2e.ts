import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';

describe('route guards, in a real browser against the real app', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(async () => {
    await session.browser.close();
  });

  it('sends a guest from a login-only page to the login page and back after login', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/settings/account`);
    await page.waitForURL(/\/auth\/login\?redirectUrl=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirectUrl') ?? '')).toBe(
      '/settings/account',
    );

    // The demo account is seeded by `mailhound start`.
    await page.getByRole('textbox', { name: 'Email' }).fill('demo@mailhound.dev');
    await page.getByLabel(/^Password/).fill('Demo1234');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/settings\/account$/);
    await expect.poll(() => page.getByLabel('First Name').isVisible()).toBe(true);
  });

  it('shows the Reset password link after a failed login', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill('demo@mailhound.dev');
    await page.getByLabel(/^Password/).fill('Wrong1234');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect
      .poll(() => page.getByText('These credentials do not match our records.').isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: 'Reset password' }).isVisible())
      .toBe(true);
  });

  it('shows the Not Found page for an unknown path', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/no/such/page`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Not Found' }).isVisible())
      .toBe(true);
  });

  it('sends a user who has not verified the e-mail to /email-verification with redirectUrl', async () => {
    const { page, baseUrl } = session;
    const email = `carl.${randomUUID().slice(0, 8)}@acme-e2e.com`;
    const signUp = await fetch(`${baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: email,
        password: 'Secret123',
        fname: 'Carl',
        lname: 'Hope',
      }),
    });
    expect(signUp.status).toBe(201);

    await page.goto(`${baseUrl}/auth/login?redirectUrl=%2Fsettings%2Faccount`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel(/^Password/).fill('Secret123');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/email-verification\?redirectUrl=/);
    expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe('/settings/account');
    // Navigation is disabled until the e-mail is verified (product-spec §2 "Navigation").
    const bulkLink = page.getByRole('link', { name: 'Bulk Search' });
    await expect.poll(() => bulkLink.getAttribute('aria-disabled')).toBe('true');
  });
});
