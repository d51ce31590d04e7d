import { randomUUID } from 'node:crypto';
import { spintaxMessages } from '@mailhound/contracts';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './app-server.ts';
import { type BrowserSession, openBrowser } from './browser.ts';
import { signUpWithCode } from './sign-up.ts';

// issue 25 "Done when": a mailbox's domain health on the Sender List and in its dialog, checked
// by the app's worker against the mail lab's DNS; the step editor's spintax check.
describe('deliverability in a real browser against the real app', () => {
  let lab: MailLab;
  let app: RunningApp;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    // SPF allows the SMTP host and an MX is there; no DMARC record, no DKIM key.
    lab = await startMailLab({
      hosts: [],
      domains: [
        {
          name: 'health-e2e.test',
          mx: [{ priority: 10, host: 'mx.health-e2e.test' }],
          txt: ['v=spf1 ip4:127.0.0.1 -all'],
        },
      ],
    });
    app = await startApp({ FINDER_RESOLVERS: lab.dnsServer, MAIL_ALLOW_PRIVATE_HOSTS: 'true' });
  });

  afterAll(async () => {
    await session?.browser.close();
    await app?.stop();
    await lab?.close();
  });

  // Through the API with the browser's session; nothing listens on port 9, so the logins
  // fail, and the domain is checked all the same.
  async function addMailbox(page: Page): Promise<string> {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const response = await fetch(`${app.baseUrl}/api/mail/mailboxes`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        email: 'amy@health-e2e.test',
        name: 'Amy',
        description: '',
        password: 'secret',
        smtp_host: '127.0.0.1',
        smtp_port: 9,
        imap_host: '127.0.0.1',
        imap_port: 9,
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    // The worker's first check: the list shows what it found once it is in.
    await expect
      .poll(
        async () => {
          const health = await fetch(`${app.baseUrl}/api/mail/mailboxes/${id}/health`, {
            headers,
          });
          return ((await health.json()) as { checked: string | null }).checked;
        },
        { timeout: 30_000 },
      )
      .not.toBeNull();
    return id;
  }

  it('badges the mailbox on the Sender List and details the checks in its dialog', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto(`${app.baseUrl}/signup`);
    const email = `dora.${randomUUID().slice(0, 8)}@acme-e2e.com`;
    await signUpWithCode(page, app.baseUrl, { email, firstName: 'Dora', lastName: 'Liv' });
    await page.waitForURL(/\/search\/single$/);
    await addMailbox(page);

    await page.goto(`${app.baseUrl}/sender-list`);
    const table = page.getByRole('table', { name: 'Mailboxes' });
    const row = table.getByRole('row').filter({ hasText: 'amy@health-e2e.test' });
    await row.getByText('Failing').waitFor();
    expect(await row.textContent()).toContain('ramping up');

    await page.getByRole('button', { name: 'Actions for amy@health-e2e.test' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Mailbox' });
    const spf = dialog.getByRole('listitem', { name: 'SPF' });
    await spf.waitFor();
    expect(await spf.textContent()).toContain('Healthy');
    const dmarc = dialog.getByRole('listitem', { name: 'DMARC' });
    expect(await dmarc.textContent()).toContain('publishes no DMARC record');
    expect(await dmarc.textContent()).toContain(
      'v=DMARC1; p=quarantine; rua=mailto:postmaster@health-e2e.test',
    );
    expect(await dialog.getByText(/^Ramp-up day 1: up to 5 of 30 emails today/).count()).toBe(1);

    await dialog.getByLabel('DKIM selector').fill('s2024');
    await dialog.getByRole('button', { name: 'Check Again' }).click();
    const dkim = dialog.getByRole('listitem', { name: 'DKIM' });
    await dkim.getByText(/No DKIM key at s2024\._domainkey\.health-e2e\.test/).waitFor();
  });

  it('says in the step editor that a spintax group is not closed, as it is typed', async () => {
    if (!session) throw new Error('the first test signs in');
    const { page } = session;
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const created = await fetch(`${app.baseUrl}/api/mail/campaigns`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Spun' }),
    });
    const { id } = (await created.json()) as { id: string };
    await page.goto(`${app.baseUrl}/campaigns/campaign-configuration/${id}/sequences`);
    const step = page.getByRole('region', { name: 'Step 1' });
    const subject = step.getByRole('textbox', { name: /Subject/ });
    await subject.fill('{Hi|Hello} {{first_name}}');
    await subject.press('End');
    await subject.pressSequentially(' {again|once more');
    await step.getByText(spintaxMessages.unclosed).waitFor();
    await subject.press('End');
    await subject.pressSequentially('}');
    await expect.poll(() => step.getByText(spintaxMessages.unclosed).count()).toBe(0);
  });
});
