import { randomUUID } from 'node:crypto';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningServer,
  startImapServer,
} from '../apps/server/src/features/mailboxes/mail-servers.test-kit.ts';
import {
  type SmtpSink,
  startSmtpSink,
} from '../apps/server/src/features/sender/smtp-sink.test-kit.ts';
import { type RunningApp, startApp } from './app-server.ts';
import { type BrowserSession, openBrowser } from './browser.ts';
import { labFinderEnv } from './lab-env.ts';
import { addMailboxAndList, json, mailApi, startOneStepCampaign, waitFor } from './mail-api.ts';
import { signUpForToken } from './sign-up.ts';

const sender = { user: 'sales@risky-e2e.test', password: 'Sender-secret-1' };
// Never verified (sent), verified invalid (never sent), verified accept-all (sent only when
// the campaign includes risky addresses).
const unverified = 'ann.lee@acme.test';
const invalid = 'nobody@acme.test';
const acceptAll = 'maybe@catchall.test';
const leads = [unverified, invalid, acceptAll].map((email, index) => ({
  email,
  fname: `Lead${index}`,
  lname: 'Risky',
}));
const invalidReason =
  'Skipped: the address is invalid (the mail server rejected this address: it does not exist)';
const riskyReason = 'Skipped: risky address (accept-all); tick Include risky addresses to send';

const sentTo = (sink: SmtpSink, address: string) =>
  sink.messages.filter((message) => message.to.includes(address)).length;

// issue 25: 'Include risky addresses' in a real browser against the real app, the verdicts
// given by the Email Verifier against a mail lab with a company domain and a catch-all one.
describe('Include risky addresses, in a real browser against the real app', () => {
  let lab: MailLab;
  let app: RunningApp;
  let sink: SmtpSink;
  let imap: RunningServer;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    lab = await startMailLab({
      hosts: [{ name: 'mx.acme.test' }, { name: 'mx.catchall.test' }],
      domains: [
        { name: 'acme.test', mx: [{ priority: 10, host: 'mx.acme.test' }], mailboxes: ['ann.lee'] },
        { name: 'catchall.test', mx: [{ priority: 10, host: 'mx.catchall.test' }], catchAll: true },
      ],
    });
    [sink, imap, app] = await Promise.all([
      startSmtpSink(),
      startImapServer([sender]),
      startApp({ ...labFinderEnv(lab), MAIL_ALLOW_PRIVATE_HOSTS: 'true', FREE_PLAN_CREDITS: '5' }),
    ]);
  });
  afterAll(async () => {
    await session?.browser.close();
    await app?.stop();
    await imap?.stop();
    await sink?.stop();
    await lab?.close();
  });

  async function verify(page: Page, email: string, status: string) {
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Verify' }).click();
    const verdict = page.getByRole('region', { name: `Verdict on ${email}` });
    await verdict.getByText(status, { exact: true }).first().waitFor();
  }

  it('shows why the campaign skips the invalid and the accept-all address, and sends the accept-all one once the box is ticked', async () => {
    session = await openBrowser();
    const { page } = session;
    const { baseUrl } = app;
    const token = await signUpForToken(page, baseUrl, {
      email: `risky.${randomUUID().slice(0, 8)}@acme-e2e.com`,
      firstName: 'Rita',
      lastName: 'Sk',
    });

    // The user verifies two of the addresses in the Email Verifier.
    await page.getByRole('banner').getByRole('link', { name: 'Email Verifier' }).click();
    await page.waitForURL(/\/verify$/);
    await verify(page, invalid, 'Invalid');
    await verify(page, acceptAll, 'Accept all');

    // The mailbox, the list and the campaign, as the other screens make them; started.
    const api = mailApi(baseUrl, token);
    const list = await addMailboxAndList(api, {
      sender,
      smtpPort: sink.port,
      imapPort: imap.port,
      listName: 'Risky list',
      leads,
    });
    const campaignId = await startOneStepCampaign(api, 'Careful outreach', list);

    // The campaign's contacts: its list, each contact with the reason it is skipped.
    await page.goto(`${baseUrl}/campaigns/campaign-configuration/${campaignId}/contacts`);
    await page.getByRole('link', { name: 'Risky list' }).click();
    const row = (email: string) => page.getByRole('row').filter({ hasText: email });
    await row(invalid).getByText(invalidReason).waitFor();
    await row(acceptAll).getByText(riskyReason).waitFor();
    await row(unverified).waitFor();
    expect(await row(unverified).textContent()).not.toContain('Skipped');
    const listUrl = page.url();

    // Start sent the address never verified.
    await waitFor(
      'the e-mail to the unverified lead',
      async () => (sentTo(sink, unverified) > 0 ? true : undefined),
      90_000,
    );

    // Campaign settings: the user ticks 'Include risky addresses' and saves.
    await page.goto(`${baseUrl}/campaigns/campaign-configuration/${campaignId}/settings`);
    const risky = page.getByRole('checkbox', { name: 'Include risky addresses' });
    await risky.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved.').waitFor();
    // Until now the other two were left out: what the sink has had when the box took effect.
    expect(sentTo(sink, invalid)).toBe(0);
    expect(sentTo(sink, acceptAll)).toBe(0);
    const beforeTicked = sink.messages.length;

    await page.goto(listUrl);
    await row(invalid).getByText(invalidReason).waitFor();
    await row(acceptAll).waitFor();
    expect(await row(acceptAll).textContent()).not.toContain('Skipped');

    // The minute's tick sends to the accept-all address now, never to the invalid one: once
    // the campaign counts both e-mails sent, the sink has had one each, the accept-all one
    // after the box was ticked.
    await waitFor(
      'both e-mails counted sent',
      async () => {
        const campaign = await json<{ stats: { sent: number } }>(
          await api('GET', `/campaigns/${campaignId}`),
        );
        return campaign.stats.sent >= 2 ? true : undefined;
      },
      150_000,
    );
    expect(sentTo(sink, acceptAll)).toBe(1);
    expect(sentTo(sink, unverified)).toBe(1);
    expect(sentTo(sink, invalid)).toBe(0);
    const acceptAllAt = sink.messages.findIndex((message) => message.to.includes(acceptAll));
    expect(acceptAllAt).toBeGreaterThanOrEqual(beforeTicked);
  }, 300_000);
});
