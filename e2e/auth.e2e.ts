import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { readVerificationCode } from './outbox.ts';

describe('a new user, in a real browser against the real app', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(async () => {
    await session.browser.close();
  });

  it('signs up, reads the code at /dev/outbox, verifies and lands on /search/single', async () => {
    const { page, baseUrl } = session;
    const email = `ann.${randomUUID().slice(0, 8)}@acme-e2e.com`;

    await page.goto(`${baseUrl}/signup`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel(/^Password/).fill('Secret123');
    await page.getByLabel('First Name').fill('Ann');
    await page.getByLabel('Last Name').fill('Lee');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.waitForURL(/\/email-verification/);
    const code = await readVerificationCode(baseUrl, email);
    await page.getByLabel('Digit 1').click();
    // Pasting the whole code fills the six inputs (product-spec §2 "E-mail verification").
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code);
    await expect.poll(() => page.getByLabel('Digit 6').inputValue()).toBe(code[5]);
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL(/\/search\/single$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Single Search' }).isVisible())
      .toBe(true);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const me = await fetch(`${baseUrl}/api/auth/user`, { headers: { Authorization: `${token}` } });
    expect(await me.json()).toMatchObject({ username: email, status: 'active' });
  });

  it('marks the code inputs as wrong when the code is wrong, and takes the right one typed over it', async () => {
    const { page, baseUrl } = session;
    const email = `bob.${randomUUID().slice(0, 8)}@acme-e2e.com`;
    await page.goto(`${baseUrl}/signup`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel(/^Password/).fill('Secret123');
    await page.getByLabel('First Name').fill('Bob');
    await page.getByLabel('Last Name').fill('Stone');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/email-verification/);
    const code = await readVerificationCode(baseUrl, email);
    // Wrong in the last digit only: typing the right code over it repeats five digits.
    const wrong = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
    for (let index = 0; index < 6; index += 1) {
      await page.getByLabel(`Digit ${index + 1}`).fill(wrong[index] ?? '0');
    }
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('An error occurred while verifying your code.');
    await expect.poll(() => page.getByLabel('Digit 1').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toContain('/email-verification');

    await page.getByLabel('Digit 1').click();
    await page.keyboard.type(code);
    const boxes = [1, 2, 3, 4, 5, 6].map((n) => page.getByLabel(`Digit ${n}`).inputValue());
    expect((await Promise.all(boxes)).join('')).toBe(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/search\/single$/);
  });
});
