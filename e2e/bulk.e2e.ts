import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { bulkVerdictColumns } from '@mailhound/contracts';
import { type LabDomain, type MailLab, startMailLab } from '@mailhound/mail-lab';
import type { Download, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './app-server.ts';
import { type BrowserSession, openBrowser } from './browser.ts';
import { readVerificationCode } from './outbox.ts';

const firstNames = ['Ann', 'Bob', 'Cara', 'Dan', 'Eve', 'Finn', 'Gail', 'Hugo', 'Iris', 'Jack'];
const lastNames = [
  'Lee',
  'Stone',
  'Diaz',
  'Ray',
  'Moss',
  'Hart',
  'Wood',
  'Kent',
  'Page',
  'Cole',
  'Dunn',
  'Ford',
  'Gray',
  'Hale',
  'Ives',
  'Judd',
  'Kerr',
  'Lamb',
  'Marsh',
  'Noble',
];

// 200 rows over 20 domains, 10 people each: four in five have a mailbox at first.last, and
// the last two domains accept everything (catch-all), so found and verified counts differ.
const rowCount = 200;
const domainOf = (row: number) => `bulk${Math.floor(row / 10)}.test`;
const personOf = (row: number) => ({
  firstName: firstNames[row % 10] ?? 'Ann',
  lastName: lastNames[Math.floor(row / 10)] ?? 'Lee',
});

function labDomains(): LabDomain[] {
  return Array.from({ length: rowCount / 10 }, (_, index) => {
    const rows = Array.from({ length: 10 }, (_, offset) => index * 10 + offset);
    const mailboxes = rows
      .filter((row) => row % 5 !== 4)
      .map((row) => {
        const { firstName, lastName } = personOf(row);
        return `${firstName}.${lastName}`.toLowerCase();
      });
    return {
      name: domainOf(index * 10),
      mx: [{ priority: 10, host: `mx${index % 2}.bulk.test` }],
      ...(index >= 18 ? { catchAll: true } : { mailboxes }),
    };
  });
}

function uploadCsv(): string {
  const lines = ['First Name,Last Name,Company Website'];
  for (let row = 0; row < rowCount; row += 1) {
    const { firstName, lastName } = personOf(row);
    lines.push(`${firstName},${lastName},${domainOf(row)}`);
  }
  return `${lines.join('\n')}\n`;
}

// The result files hold plain names and domains: a split on commas reads them.
function readCsv(text: string): { header: string[]; rows: string[][] } {
  const [header = [], ...rows] = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map((line) => line.split(','));
  return { header, rows };
}

async function savedText(download: Download): Promise<string> {
  const path = await download.path();
  return readFile(path, 'utf8');
}

type BulkItem = {
  requestId: string;
  status: string;
  progress: { success: number; fail: number; total: number };
  result: {
    successCount: number;
    verifiedCount: number;
    hasMultipleFiles: boolean;
    credits: number;
  } | null;
  purchases: unknown[];
};

// issue 6 "Done when": a 200-row list uploaded in a real browser, processed against the mail
// lab with live progress, previewed, both result files downloaded, paid for once.
describe('bulk search against the mail lab', () => {
  let lab: MailLab;
  let app: RunningApp;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    lab = await startMailLab({
      hosts: [{ name: 'mx0.bulk.test' }, { name: 'mx1.bulk.test' }],
      domains: labDomains(),
      // A little network delay keeps the list processing long enough to be watched.
      latencyMs: 5,
    });
    app = await startApp({
      FINDER_RESOLVERS: lab.dnsServer,
      FINDER_SMTP_PORT: String(lab.smtpPort),
      FINDER_ALLOW_PRIVATE_MX: 'true',
      FINDER_CONNECT_TIMEOUT_MS: '2000',
      FINDER_COMMAND_TIMEOUT_MS: '2000',
      FREE_PLAN_CREDITS: '500',
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

  async function signUp(page: Page): Promise<string> {
    const email = `bulk.${randomUUID().slice(0, 8)}@acme-e2e.com`;
    await page.goto(`${app.baseUrl}/signup`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.locator('input[type="password"]').fill('Secret123');
    await page.getByLabel('First Name').fill('Bea');
    await page.getByLabel('Last Name').fill('Hall');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/email-verification/);
    const code = await readVerificationCode(app.baseUrl, email);
    for (let index = 0; index < code.length; index += 1) {
      await page.getByLabel(`Digit ${index + 1}`).fill(code[index] ?? '');
    }
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/search\/single$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    if (!token) throw new Error('no token after sign-up');
    return token;
  }

  it('uploads 200 rows, follows them to the end, previews, downloads both files and pays once', {
    timeout: 180_000,
  }, async () => {
    session = await openBrowser();
    const { page } = session;
    const token = await signUp(page);
    const api = async <T>(path: string): Promise<T> => {
      const answer = await fetch(`${app.baseUrl}/api${path}`, {
        headers: { Authorization: token },
      });
      if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
      return (await answer.json()) as T;
    };
    const balance = async () =>
      (await api<{ balance: number; onHold: number }>('/auth/user/balance')).balance;
    const startBalance = await balance();

    await page.getByRole('banner').getByRole('link', { name: 'Bulk Search' }).click();
    await page.waitForURL(/\/search\/bulk$/);
    await page.getByRole('button', { name: 'Upload List Now' }).click();
    const modal = page.getByRole('dialog', { name: 'Upload your list' });
    await modal.getByLabel('Choose a file').setInputFiles({
      name: 'leads.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(uploadCsv()),
    });
    // Every percent the row shows is recorded, to see the progress only ever grow.
    await page.evaluate(() => {
      const seen: number[] = [];
      Object.assign(window, { bulkProgressSeen: seen });
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[aria-label="leads.csv progress"]')) {
          const value = Number(bar.getAttribute('aria-valuenow'));
          if (seen.at(-1) !== value) seen.push(value);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await modal.getByRole('button', { name: 'Upload' }).click();
    await modal.waitFor({ state: 'hidden' });

    const history = page.getByRole('table', { name: 'Bulk search history' });
    const row = history.getByRole('row').filter({ hasText: 'leads.csv' });
    await row
      .getByText('Slicing')
      .or(row.getByText(/emails found$/))
      .first()
      .waitFor();
    // The row follows the live stream: no reload until the search ends.
    await expect
      .poll(() => row.textContent(), { timeout: 90_000, interval: 250 })
      .toMatch(/\d+ emails found/);

    const { items } = await api<{ items: BulkItem[] }>('/search-history/bulk?page=1&perPage=10');
    const item = items[0];
    if (!item?.result) throw new Error('the bulk search has no result');
    expect(item.status).toBe('completed');
    expect(item.progress.success + item.progress.fail).toBe(rowCount);
    const { successCount, verifiedCount, credits } = item.result;
    expect(successCount).toBeGreaterThan(verifiedCount);
    expect(verifiedCount).toBeGreaterThan(0);
    // Each verified address is a different person's, none paid for yet: each costs a credit.
    expect(credits).toBe(verifiedCount);
    expect(await row.getByText(`${successCount} emails found`).isVisible()).toBe(true);
    expect(await row.getByText('Unpaid').isVisible()).toBe(true);
    const seen = await page.evaluate(
      () => (window as unknown as { bulkProgressSeen: number[] }).bulkProgressSeen,
    );
    // The new row starts at 0% and only grows; the final state may follow 100% too quickly to
    // be drawn, so the end is read from the server: every row processed.
    expect(seen[0]).toBe(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // Processing done and settled: nothing taken yet, nothing left on hold.
    await expect.poll(balance).toBe(startBalance);
    expect((await api<{ onHold: number }>('/auth/user/balance')).onHold).toBe(0);

    await row.getByRole('link', { name: 'Preview' }).click();
    await page.waitForURL(new RegExp(`/search/bulk/preview/${item.requestId}$`));
    await page.getByRole('heading', { name: 'leads.csv' }).waitFor();
    const preview = page.getByRole('table', { name: 'Bulk preview' });
    await preview.waitFor();
    expect(await preview.getByRole('row').count()).toBe(11);
    const headers = await preview.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Email', 'Score', 'Status']));
    await page.getByText(`You will pay up to ${verifiedCount} credit(s)`).waitFor();

    const download = async (choice: 'All emails' | 'Only found emails') => {
      await page.getByRole('button', { name: 'Download Results' }).click();
      const formats = page.getByRole('dialog', { name: 'Download Results' });
      const started = page.waitForEvent('download');
      await formats.getByRole('button', { name: choice }).click();
      const file = await started;
      await formats.waitFor({ state: 'hidden' });
      return { name: file.suggestedFilename(), ...readCsv(await savedText(file)) };
    };

    const full = await download('All emails');
    expect(full.name).toMatch(/\.csv$/);
    expect(full.header).toEqual([
      'First Name',
      'Last Name',
      'Company Website',
      'Email',
      'Score',
      'Status',
      ...bulkVerdictColumns,
    ]);
    expect(full.rows).toHaveLength(rowCount);
    const emailColumn = full.header.indexOf('Email');
    const scoreColumn = full.header.indexOf('Score');
    expect(full.rows.filter((cells) => (cells[emailColumn] ?? '') !== '')).toHaveLength(
      successCount,
    );
    expect(full.rows.filter((cells) => Number(cells[scoreColumn]) >= 95)).toHaveLength(
      verifiedCount,
    );
    expect(full.rows[0]?.[emailColumn]).toBe('ann.lee@bulk0.test');

    await page.getByText('You already paid for these emails').waitFor();
    await expect.poll(balance).toBe(startBalance - verifiedCount);
    await expect
      .poll(() =>
        page
          .getByRole('banner')
          .getByText(/^Credits available: /)
          .textContent(),
      )
      .toBe(`Credits available: ${startBalance - verifiedCount}`);

    const found = await download('Only found emails');
    expect(found.rows).toHaveLength(successCount);
    expect(found.rows.every((cells) => (cells[emailColumn] ?? '') !== '')).toBe(true);

    const again = await download('All emails');
    expect(again.rows).toHaveLength(rowCount);
    expect(await balance()).toBe(startBalance - verifiedCount);

    const purchases = (await api<BulkItem>(`/search-history/bulk/${item.requestId}`)).purchases;
    expect(purchases).toHaveLength(1);

    await page.getByRole('link', { name: 'Back to bulk search' }).click();
    await page.waitForURL(/\/search\/bulk\?page=1&skipVideo=true$/);
    await history.getByRole('row').filter({ hasText: 'leads.csv' }).getByText('Paid').waitFor();
  });
});
