import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { readVerificationCode } from './outbox.ts';

// issue 9 "Done when": with the built-in local payment provider (the offline default), a new
// user buys 20 extra credits, then a paid plan, then cancels it — in a real browser against
// the real app.
describe('credits, plans and payments with the local provider', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(async () => {
    await session.browser.close();
  });

  async function balanceOf(page: Page, baseUrl: string): Promise<number> {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const answer = await fetch(`${baseUrl}/api/auth/user/balance`, {
      headers: { Authorization: `${token}` },
    });
    const { balance, onHold } = (await answer.json()) as { balance: number; onHold: number };
    return balance - onHold;
  }

  async function creditsShown(page: Page): Promise<string | null> {
    return page
      .getByText(/^Credits available: /)
      .first()
      .textContent();
  }

  // The local card form, then the return page's two seconds, then the invoices.
  async function payWithTestCard(page: Page) {
    await page.waitForURL(/\/checkout$/);
    await page.getByLabel('Name on card').fill('Ann Lee');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel(/^Expiry/).fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/checkout\/return\?session_id=/);
    await page.waitForURL(/\/settings\/invoices$/, { timeout: 15_000 });
    await expect
      .poll(() => page.getByText('Thank you! Your payment was successful.').isVisible())
      .toBe(true);
  }

  it('buys extra credits, then a plan that opens look-alike, then cancels it keeping the credits', async () => {
    const { page, baseUrl } = session;
    const email = `dora.${randomUUID().slice(0, 8)}@acme-e2e.com`;

    // A guest picks 20 extra credits and is sent to sign up, coming back to the same choice.
    await page.goto(`${baseUrl}/purchase`);
    await page.getByRole('button', { name: 'Add 10 credits' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Credits' }).inputValue()).toBe('20');
    await expect.poll(() => page.getByText('Total price: $1.00').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Purchase' }).click();
    await page.waitForURL(/\/signup\?redirectUrl=/);
    await page.getByRole('heading', { name: 'Sign Up' }).waitFor();

    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel(/^Password/).fill('Secret123');
    await page.getByLabel('First Name').fill('Dora');
    await page.getByLabel('Last Name').fill('Lane');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/email-verification/);
    const code = await readVerificationCode(baseUrl, email);
    for (let index = 0; index < code.length; index += 1) {
      await page.getByLabel(`Digit ${index + 1}`).fill(code[index] ?? '');
    }
    await page.getByRole('button', { name: 'Verify' }).click();

    // Back on /purchase with the choice, the checkout starts at once.
    await page.waitForURL(/\/checkout$/);
    const before = await balanceOf(page, baseUrl);
    await payWithTestCard(page);

    expect(await balanceOf(page, baseUrl)).toBe(before + 20);
    await expect
      .poll(() => creditsShown(page))
      .toBe(`Credits available: ${(before + 20).toLocaleString('en-US')}`);
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await expect.poll(() => invoices.getByRole('row').count()).toBe(2);
    expect(await invoices.getByRole('row').nth(1).textContent()).toContain('$1.00');
    expect(await invoices.getByRole('row').nth(1).textContent()).toContain('Paid');

    // The free plan has no look-alike.
    await page.goto(`${baseUrl}/look-alike`);
    await page.waitForURL(/\/look-alike\/restricted$/);

    // A paid plan opens it.
    await page.goto(`${baseUrl}/purchase`);
    await page
      .getByRole('article', { name: 'Starter', exact: true })
      .getByRole('button', { name: 'Choose Plan' })
      .click();
    await payWithTestCard(page);
    await expect.poll(() => invoices.getByRole('row').count()).toBe(3);
    await page.goto(`${baseUrl}/look-alike`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Look-Alike' }).isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/look-alike');
    const withPlan = await balanceOf(page, baseUrl);
    expect(withPlan).toBeGreaterThan(before + 20);

    // Settings › Billing says when the plan renews and what its period has used.
    await page.goto(`${baseUrl}/settings/billing`);
    await expect
      .poll(() => page.getByText(/^Renews on [A-Z][a-z]+ \d{1,2}, \d{4}$/).isVisible())
      .toBe(true);
    expect(
      await page
        .getByText(
          'This period: 0 of 500 verified e-mails used · 0 of 50 Lead Finder searches used',
        )
        .isVisible(),
    ).toBe(true);

    // Cancelling closes look-alike again; the credits stay.
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await expect
      .poll(() => page.getByText('Your subscription plan was successfully canceled').isVisible())
      .toBe(true);
    await page.goto(`${baseUrl}/look-alike`);
    await page.waitForURL(/\/look-alike\/restricted$/);
    expect(await balanceOf(page, baseUrl)).toBe(withPlan);
    await expect
      .poll(() => creditsShown(page))
      .toBe(`Credits available: ${withPlan.toLocaleString('en-US')}`);
  }, 120_000);
});
