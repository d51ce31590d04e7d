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

  it('creates a key shown once, lists it by its prefix and revokes it', async () => {
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

    const keys = page.getByRole('table', { name: 'API keys' });
    const row = keys.getByRole('row').filter({ hasText: 'Spreadsheet' });
    await row.waitFor();
    const [name, prefix, , lastUsed, requests] = await row.getByRole('cell').allTextContents();
    expect(name).toBe('Spreadsheet');
    expect(key.startsWith((prefix ?? '').replace('…', ''))).toBe(true);
    expect(lastUsed).toBe('Never');
    expect(requests).toBe('0');
    expect(await page.getByText(key).count()).toBe(0);

    await row.getByRole('button', { name: 'Revoke Spreadsheet' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke API key' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await page.getByText(apiKeyMessages.revoked).waitFor();
    await page.getByText('No API keys yet').waitFor();
  });
});
