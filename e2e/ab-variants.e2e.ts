import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type RunningServer,
  startImapServer,
} from '../apps/server/src/features/mailboxes/mail-servers.test-kit.ts';
import {
  headersOf,
  type SmtpSink,
  startSmtpSink,
} from '../apps/server/src/features/sender/smtp-sink.test-kit.ts';
import { type RunningApp, startApp } from './app-server.ts';
import { chromiumArgs } from './chromium.ts';
import { addMailboxAndList, configureCampaign, json, mailApi, waitFor } from './mail-api.ts';
import { signUpWithCode } from './sign-up.ts';

const sender = { user: 'sales@ab-e2e.test', password: 'Sender-secret-1' };
const leads = ['ann', 'ben', 'cat', 'dan'].map((name) => ({
  email: `${name}@client-ab-e2e.test`,
  fname: name,
  lname: 'Lead',
}));
// Starting the campaign runs the sender's tick at once; the wait allows for the minute's tick.
const MINUTE_AND_A_HALF = 90_000;

// issue 25: a step written in two variants splits its contacts between them, and the campaign's
// analytics show each variant's figures.
describe('A/B variants, in a real browser against the real app', () => {
  let app: RunningApp;
  let sink: SmtpSink;
  let imap: RunningServer;

  beforeAll(async () => {
    [sink, imap, app] = await Promise.all([
      startSmtpSink(),
      startImapServer([sender]),
      startApp({ MAIL_ALLOW_PRIVATE_HOSTS: 'true' }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([app?.stop(), sink?.stop(), imap?.stop()]);
  });

  it('writes variants A and B of a step, sends each to half of the list and shows both in analytics', async () => {
    const browser = await chromium.launch({
      executablePath: inject('chromiumPath'),
      args: chromiumArgs,
    });
    try {
      const page = await (
        await browser.newContext({ viewport: { width: 1280, height: 900 } })
      ).newPage();
      const { baseUrl } = app;
      await page.goto(`${baseUrl}/signup`);
      await signUpWithCode(page, baseUrl, {
        email: `ab.${randomUUID().slice(0, 8)}@acme-e2e.com`,
        firstName: 'Abe',
        lastName: 'Test',
      });
      await page.waitForURL(/\/search\/single$/);
      const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
      const api = mailApi(baseUrl, token);
      const list = await addMailboxAndList(api, {
        sender,
        smtpPort: sink.port,
        imapPort: imap.port,
        listName: 'AB leads',
        leads,
      });
      const campaign = await json<{ id: string }>(
        await api('POST', '/campaigns', { name: 'AB outreach' }),
      );
      await configureCampaign(api, campaign.id, list);

      // Sequences: variant A, then B in its own tab.
      const campaignUrl = `${baseUrl}/campaigns/campaign-configuration/${campaign.id}`;
      await page.goto(`${campaignUrl}/sequences`);
      const step = page.getByRole('region', { name: 'Step 1' });
      await step.getByRole('textbox', { name: 'Subject' }).fill('Quick question');
      await step.getByRole('textbox', { name: 'Body' }).fill('Hi, variant A here.');
      await step.getByRole('button', { name: 'Add variant' }).click();
      await step.getByRole('tab', { name: 'Variant B', selected: true }).waitFor();
      await step.getByRole('textbox', { name: 'Subject' }).fill('A thought for you');
      await step.getByRole('textbox', { name: 'Body' }).fill('Hello, variant B here.');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Sequences saved.').waitFor();
      await page.getByRole('button', { name: 'Start' }).click();
      await page.getByRole('button', { name: 'Pause' }).waitFor();

      // Two contacts get each variant.
      const subjects = await waitFor(
        'the four campaign e-mails',
        () =>
          Promise.resolve(
            sink.messages.length >= leads.length
              ? sink.messages.map((message) => headersOf(message.raw).subject).sort()
              : undefined,
          ),
        MINUTE_AND_A_HALF,
      );
      expect(subjects).toEqual([
        'A thought for you',
        'A thought for you',
        'Quick question',
        'Quick question',
      ]);

      await page.getByRole('tab', { name: 'Analytics' }).click();
      const steps = page.getByRole('table', { name: 'Steps' });
      const variantRow = (name: string) => steps.getByRole('row').filter({ hasText: name });
      await variantRow('Variant B').waitFor();
      // Sent, delivered, bounced, replied, clicked, unsubscribed, complaints, reply rate,
      // complaint rate.
      for (const [variant, subject] of [
        ['Variant A', 'Quick question'],
        ['Variant B', 'A thought for you'],
      ] as const) {
        await expect(variantRow(variant).getByRole('cell').allTextContents()).resolves.toEqual([
          variant,
          subject,
          ...['2', '2', '0', '0', '0', '0', '0', '0%', '0%'],
        ]);
      }
    } finally {
      await browser.close();
    }
  }, 300_000);
});
