import type { Page } from 'playwright-core';
import { readVerificationCode } from './outbox.ts';

export type NewUser = { email: string; firstName: string; lastName: string };

// Fills the sign-up form (on the page already open) and enters the code mailed to the dev
// outbox; where Verify leads depends on the redirect, so the caller waits for it.
export async function signUpWithCode(page: Page, baseUrl: string, user: NewUser): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel(/^Password/).fill('Secret123');
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/email-verification/);
  const code = await readVerificationCode(baseUrl, user.email);
  for (let index = 0; index < code.length; index += 1) {
    await page.getByLabel(`Digit ${index + 1}`).fill(code[index] ?? '');
  }
  await page.getByRole('button', { name: 'Verify' }).click();
}

// A new user signs up from the sign-up page and lands on single search; their login token, with
// which a test sets up through the API what the user does on other screens.
export async function signUpForToken(page: Page, baseUrl: string, user: NewUser): Promise<string> {
  await page.goto(`${baseUrl}/signup`);
  await signUpWithCode(page, baseUrl, user);
  await page.waitForURL(/\/search\/single$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (token === null) throw new Error('no token after sign-up');
  return token;
}

// The offline provider's checkout form, paid with its test card that always succeeds.
export async function payWithTestCard(page: Page, nameOnCard: string): Promise<void> {
  await page.getByLabel('Name on card').fill(nameOnCard);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel(/^Expiry/).fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
}
