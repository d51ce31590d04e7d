import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { readVerificationCode } from './outbox.ts';

async function signUp(page: Page, baseUrl: string): Promise<string> {
  const email = `lists.${randomUUID().slice(0, 8)}@acme-e2e.com`;
  await page.goto(`${baseUrl}/signup`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.locator('input[type="password"]').fill('Secret123');
  await page.getByLabel('First Name').fill('Lia');
  await page.getByLabel('Last Name').fill('Park');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/email-verification/);
  const code = await readVerificationCode(baseUrl, email);
  for (let index = 0; index < code.length; index += 1) {
    await page.getByLabel(`Digit ${index + 1}`).fill(code[index] ?? '');
  }
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/search\/single$/);
  return email;
}

// issue 10: a new user (given the mail section by default) builds a contact list by hand.
describe('contact lists, in a real browser against the real app', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(async () => {
    await session.browser.close();
  });

  it('creates a list with two contacts typed by hand and sees it in the table', async () => {
    const { page, baseUrl } = session;
    await signUp(page, baseUrl);

    await page.getByRole('link', { name: 'Contacts' }).first().click();
    await page.waitForURL(/\/contacts$/);
    await page.getByRole('link', { name: 'Create New Contacts List' }).click();
    await page.waitForURL(/\/contacts\/name$/);
    await page.getByRole('textbox', { name: 'Name' }).fill('Trade fair');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/contacts\/contacts-source$/);

    await page.getByText('Add Manually').click();
    const first = page.getByRole('group', { name: 'Contact 1' });
    await first.getByLabel('Email').fill('ann.lee@fair-e2e.com');
    await first.getByLabel('First Name').fill('Ann');
    await first.getByLabel('Last Name').fill('Lee');
    await page.getByRole('button', { name: 'Add Contact' }).click();
    // A look at another source keeps what was typed.
    await page.getByText('Upload CSV').click();
    await first.waitFor({ state: 'hidden' });
    await page.getByText('Add Manually').click();
    expect(await first.getByLabel('Email').inputValue()).toBe('ann.lee@fair-e2e.com');
    const second = page.getByRole('group', { name: 'Contact 2' });
    await second.getByLabel('Email').fill('bob.stone@fair-e2e.com');
    await second.getByLabel('First Name').fill('Bob');
    await second.getByLabel('Last Name').fill('Stone');
    await page.getByRole('button', { name: 'Create List' }).click();

    await page.waitForURL(/\/contacts\/details\/[^/]+$/);
    await page.getByText('Contact list created successfully!').waitFor();
    await page.getByRole('heading', { name: 'Trade fair', level: 2 }).waitFor();
    const contacts = page.getByRole('table', { name: 'Contacts' });
    await contacts.getByText('ann.lee@fair-e2e.com').waitFor();
    await contacts.getByText('bob.stone@fair-e2e.com').waitFor();

    await page.getByRole('link', { name: 'Contact lists' }).click();
    await page.waitForURL(/\/contacts$/);
    const lists = page.getByRole('table', { name: 'Contact lists' });
    const row = lists.getByRole('row').filter({ hasText: 'Trade fair' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    const today = new Date();
    const day = `${String(today.getUTCDate()).padStart(2, '0')}.${String(
      today.getUTCMonth() + 1,
    ).padStart(2, '0')}.${today.getUTCFullYear()}`;
    expect(cells.slice(0, 4)).toEqual(['Trade fair', '—', '2', day]);
    await page.getByText('Showing 1-1 of 1 results').waitFor();

    // A dialog opened from the row's menu gives the focus back to the menu's button.
    const actions = row.getByRole('button', { name: 'Actions for Trade fair' });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Contact List Name' });
    await rename.waitFor();
    await page.keyboard.press('Escape');
    await rename.waitFor({ state: 'hidden' });
    await expect
      .poll(() => actions.evaluate((element) => element === document.activeElement))
      .toBe(true);

    // The same name again is refused by the server's name check.
    await page.getByRole('link', { name: 'Create New Contacts List' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('trade   FAIR');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('This name is already in use. Try another one.').waitFor();

    // A second list holding Ann; copying Trade fair into it adds Bob only (Snov.io "Copy to list").
    await page.getByRole('textbox', { name: 'Name' }).fill('Follow-ups');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/contacts\/contacts-source$/);
    await page.getByText('Add Manually').click();
    const only = page.getByRole('group', { name: 'Contact 1' });
    await only.getByLabel('Email').fill('ann.lee@fair-e2e.com');
    await only.getByLabel('First Name').fill('Ann');
    await only.getByLabel('Last Name').fill('Lee');
    await page.getByRole('button', { name: 'Create List' }).click();
    await page.getByRole('heading', { name: 'Follow-ups', level: 2 }).waitFor();

    await page.getByRole('link', { name: 'Contact lists' }).click();
    await page.getByRole('link', { name: 'Trade fair' }).click();
    await page.getByRole('heading', { name: 'Trade fair', level: 2 }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all contacts on this page' }).check();
    await page.getByRole('button', { name: 'Copy to List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy to List' });
    await dialog.getByRole('combobox', { name: 'Contact list' }).click();
    await page.getByRole('option', { name: 'Follow-ups' }).click();
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await dialog
      .getByText('1 contact added to "Follow-ups". 1 was already on it and was not added again.')
      .waitFor();
    await dialog.getByRole('link', { name: 'Open List' }).click();
    await page.getByRole('heading', { name: 'Follow-ups', level: 2 }).waitFor();
    await page
      .getByRole('table', { name: 'Contacts' })
      .getByText('bob.stone@fair-e2e.com')
      .waitFor();
    await page.getByText('Showing 1-2 of 2 results').waitFor();
  });
});
