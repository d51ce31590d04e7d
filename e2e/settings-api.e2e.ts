import { randomUUID } from 'node:crypto';
import { apiKeyMessages } from '@mailhound/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { signUpWithCode } from './sign-up.ts';

// issue 23: Settings › API in a real browser against the real app.
describe('Settings › API', () => {
  let session: BrowserSession | undefined;

  afterAll(async () => {
    await session?.browser.close();
  });

  it('creates a key shown once, counts a /v2 call made with it, and revokes it', async () => {
    session = await openBrowser();
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/signup`);
    const email = `kai.${randomUUID().slice(0, 8)}@acme-e2e.com`;
    await signUpWithCode(page, baseUrl, { email, firstName: 'Kai', lastName: 'Berg' });
    await page.waitForURL(/\/search\/single$/);

    await page.goto(`${baseUrl}/settings/account`);
    await page.getByRole('tab', { name: 'API' }).click();
    await page.waitForURL(/\/settings\/api$/);
    await page.getByText('No API keys yet').waitFor();
    await page.getByRole('textbox', { name: 'Key name' }).fill('Spreadsheet');
    await page.getByRole('button', { name: 'Create key' }).click();

    const dialog = page.getByRole('dialog', { name: 'API key “Spreadsheet”' });
    await dialog.getByText(apiKeyMessages.created).waitFor();
    const key = await dialog.getByRole('textbox', { name: 'API key' }).inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The focus is back on the button that opened the dialog, not on <body>.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Create key');

    const keys = page.getByRole('table', { name: 'API keys' });
    const row = keys.getByRole('row').filter({ hasText: 'Spreadsheet' });
    await row.waitFor();
    const [name, prefix, , lastUsed, requests] = await row.getByRole('cell').allTextContents();
    expect(name).toBe('Spreadsheet');
    expect(key.startsWith((prefix ?? '').replace('…', ''))).toBe(true);
    expect(lastUsed).toBe('Never');
    expect(requests).toBe('0');
    expect(await page.getByText(key).count()).toBe(0);

    // A script makes the call the 'How to call' box shows, with the key in place.
    const howTo = page.getByRole('region', { name: 'How to call' });
    const example = (await howTo.locator('pre').textContent()) ?? '';
    const exampleUrl = /curl "([^"]+)"/.exec(example)?.[1] ?? '';
    expect(exampleUrl).toBe(`${baseUrl}/v2/account?api_key=YOUR_API_KEY`);
    const docs = await howTo.getByRole('link', { name: /\/v2\/docs/ }).getAttribute('href');
    expect((await fetch(new URL(docs ?? '', baseUrl))).status).toBe(200);
    const account = await fetch(exampleUrl.replace('YOUR_API_KEY', key));
    expect(account.status).toBe(200);
    expect(((await account.json()) as { data: { email: string } }).data.email).toBe(email);

    await page.reload();
    const used = page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({
      hasText: 'Spreadsheet',
    });
    await used.waitFor();
    const [, , , lastUsedNow, requestsNow] = await used.getByRole('cell').allTextContents();
    expect(lastUsedNow).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d UTC$/);
    expect(requestsNow).toBe('1');
    const usage = page.getByRole('table', { name: 'API usage' });
    await usage.waitFor();
    const calls = await usage.getByRole('row').allTextContents();
    expect(calls).toHaveLength(2);
    const cells = await usage.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(cells.slice(0, 4)).toEqual(['Spreadsheet', '/v2/account', '200', '0']);

    await used.getByRole('button', { name: 'Revoke Spreadsheet' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke API key' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await page.getByText(apiKeyMessages.revoked).waitFor();
    await page.getByText('No API keys yet').waitFor();
    // The focus does not fall to <body>: with no key left it waits in the key name field.
    const nameField = page.getByRole('textbox', { name: 'Key name' });
    await expect
      .poll(() => nameField.evaluate((element) => element === document.activeElement))
      .toBe(true);
    const refused = await fetch(`${baseUrl}/v2/account`, { headers: { 'X-API-KEY': key } });
    expect(refused.status).toBe(401);
  });
});
