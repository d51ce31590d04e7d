import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER, webhookMessages } from '@mailhound/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './app-server.ts';
import { type BrowserSession, openBrowser } from './browser.ts';
import { signUpWithCode } from './sign-up.ts';

type Received = { signature: string; body: string };

// issue 23: Settings › Webhooks in a real browser against the real app, delivering to a
// receiver on loopback (which the operator variable allows for tests).
describe('Settings › Webhooks against a loopback receiver', () => {
  let app: RunningApp;
  let receiver: Server;
  let receiverUrl: string;
  let session: BrowserSession | undefined;
  const received: Received[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({
          signature: String(request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]),
          body,
        });
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/mailhound`;
    app = await startApp({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' });
  });

  afterAll(async () => {
    await session?.browser.close();
    await app?.stop();
    await new Promise((done) => receiver?.close(done));
  });

  it('adds a webhook, sends a signed test and shows its delivery with status 200', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto(`${app.baseUrl}/signup`);
    const email = `hana.${randomUUID().slice(0, 8)}@acme-e2e.com`;
    await signUpWithCode(page, app.baseUrl, { email, firstName: 'Hana', lastName: 'Ito' });
    await page.waitForURL(/\/search\/single$/);

    await page.goto(`${app.baseUrl}/settings/account`);
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.waitForURL(/\/settings\/webhooks$/);
    await page.getByText('No webhooks yet').waitFor();
    await page.getByLabel('Endpoint URL').fill(receiverUrl);
    await page.getByRole('checkbox', { name: 'bulk.completed' }).check();
    await page.getByRole('checkbox', { name: 'email.replied' }).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();

    const dialog = page.getByRole('dialog', { name: 'Signing secret' });
    await dialog.getByText(webhookMessages.created).waitFor();
    const secret = await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The focus is back on the button that opened the dialog, not on <body>.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Add webhook');

    const card = page.getByRole('region', { name: receiverUrl });
    await card.getByText('Enabled').waitFor();
    expect(await card.getByRole('list', { name: 'Events' }).textContent()).toBe(
      'bulk.completedemail.replied',
    );
    await card.getByRole('button', { name: 'Send test' }).click();
    await page.getByText(webhookMessages.testSent).waitFor();

    // The test was delivered while the page waited for the answer: its row is there.
    const deliveries = card.getByRole('table', { name: `Deliveries to ${receiverUrl}` });
    const row = deliveries.getByRole('row').filter({ hasText: 'webhook.test' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[1]).toBe('200');
    expect(cells[2]).toBe('1');

    // What the receiver got is signed with the secret the page showed once.
    expect(received).toHaveLength(1);
    const { signature, body } = received[0] as Received;
    const t = /t=(\d+)/.exec(signature)?.[1];
    const v1 = /v1=([0-9a-f]+)/.exec(signature)?.[1];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
    expect(JSON.parse(body)).toMatchObject({ type: 'webhook.test' });
    expect(await page.getByText(secret).count()).toBe(0);
  });
});
