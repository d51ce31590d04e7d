import { randomUUID } from 'node:crypto';
import { suppressionMessages } from '@mailhound/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { signUpWithCode } from './sign-up.ts';

// issue 25 "Done when": the do-not-email list in a real browser against the real app. A new
// user (given the mail section by default) adds entries by hand and from a CSV, searches and
// deletes them, and sees a listed contact marked in a contact list.
describe('Settings › Do-not-email, in a real browser against the real app', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(async () => {
    await session.browser.close();
  });

  it('adds by hand and from a CSV, searches, deletes, and marks a listed contact', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/signup`);
    await signUpWithCode(page, baseUrl, {
      email: `dne.${randomUUID().slice(0, 8)}@acme-e2e.com`,
      firstName: 'Dana',
      lastName: 'Ross',
    });
    await page.waitForURL(/\/search\/single$/);

    await page.goto(`${baseUrl}/settings/suppression`);
    await page.getByRole('heading', { name: 'Do-not-email' }).waitFor();
    await page.getByRole('tab', { name: 'Do-not-email' }).waitFor();
    await page.getByText('The do-not-email list is empty.').waitFor();

    // Checked as it is typed: the bad line is named and Add stays off.
    const box = page.getByLabel('Addresses or @domains, one per line');
    await box.fill('Ann.Lee@Fair-e2e.com\nno address here\n@blocked-e2e.com');
    await page.getByText(suppressionMessages.invalidEntries(['no address here'])).waitFor();
    const add = page.getByRole('button', { name: 'Add to list' });
    expect(await add.isDisabled()).toBe(true);
    await box.fill('Ann.Lee@Fair-e2e.com\n@blocked-e2e.com');
    await add.click();
    await page.getByText('Added 2 entries.').waitFor();
    const table = page.getByRole('table', { name: 'Do-not-email list' });
    await table.getByText('ann.lee@fair-e2e.com').waitFor();
    await table.getByText('@blocked-e2e.com').waitFor();
    const row = table.getByRole('row').filter({ hasText: '@blocked-e2e.com' });
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Added by you');

    // A CSV with a header: its e-mail column goes on the list.
    await page.getByLabel('Do-not-email file').setInputFiles({
      name: 'blocked.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Name,E-mail\nCy,cy@fair-e2e.com\nDi,di@fair-e2e.com\n'),
    });
    await page.getByRole('button', { name: 'Upload file' }).click();
    await page.getByText('Added 2 entries.').last().waitFor();
    await table.getByText('di@fair-e2e.com').waitFor();
    await page.getByText('Showing 1-4 of 4 results').waitFor();

    await page.getByLabel('Search the do-not-email list').fill('cy@');
    await page.getByText('Showing 1-1 of 1 results').waitFor();
    // The search lives in the address: a reload keeps it.
    await page.waitForURL(/\/settings\/suppression\?key=cy%40$/);
    await page.reload();
    await page.getByText('Showing 1-1 of 1 results').waitFor();
    expect(await page.getByLabel('Search the do-not-email list').inputValue()).toBe('cy@');
    await page.getByRole('button', { name: 'Delete cy@fair-e2e.com' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete from the do-not-email list?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No entry matches the search.').waitFor();
    // No row is left: the focus waits in the search field.
    const searchField = page.getByLabel('Search the do-not-email list');
    await expect
      .poll(() => searchField.evaluate((element) => element === document.activeElement))
      .toBe(true);
    await page.getByLabel('Search the do-not-email list').fill('');
    await page.getByText('Showing 1-3 of 3 results').waitFor();

    // A contact list holding a listed address and one at a listed domain.
    await page.goto(`${baseUrl}/contacts/name`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Fair leads');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/contacts\/contacts-source$/);
    await page.getByText('Add Manually').click();
    const contacts: [string, string][] = [
      ['ann.lee@fair-e2e.com', 'Ann'],
      ['bo@blocked-e2e.com', 'Bo'],
      ['eve@fair-e2e.com', 'Eve'],
    ];
    for (const [index, [email, name]] of contacts.entries()) {
      if (index > 0) await page.getByRole('button', { name: 'Add Contact' }).click();
      const group = page.getByRole('group', { name: `Contact ${index + 1}` });
      await group.getByLabel('Email').fill(email);
      await group.getByLabel('First Name').fill(name);
      await group.getByLabel('Last Name').fill('Park');
    }
    await page.getByRole('button', { name: 'Create List' }).click();
    await page.waitForURL(/\/contacts\/details\/[^/]+$/);
    const list = page.getByRole('table', { name: 'Contacts' });
    await list.getByText('eve@fair-e2e.com').waitFor();
    const marked = async (email: string) =>
      (await list.getByRole('row').filter({ hasText: email }).getByText('Do not email').count()) >
      0;
    expect(await marked('ann.lee@fair-e2e.com')).toBe(true);
    expect(await marked('bo@blocked-e2e.com')).toBe(true);
    expect(await marked('eve@fair-e2e.com')).toBe(false);
  });
});
