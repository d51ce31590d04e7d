import { randomUUID } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type RunningServer,
  startImapServer,
} from '../apps/server/src/features/mailboxes/mail-servers.test-kit.ts';
import {
  headersOf,
  type SinkMessage,
  type SmtpSink,
  startSmtpSink,
} from '../apps/server/src/features/sender/smtp-sink.test-kit.ts';
import { type RunningApp, startApp } from './app-server.ts';
import { chromiumArgs } from './chromium.ts';
import {
  addMailboxAndList,
  configureCampaign,
  json,
  type MailApi,
  mailApi,
  waitFor,
} from './mail-api.ts';
import { readVerificationCode } from './outbox.ts';

const sender = { user: 'sales@unibox-e2e.test', password: 'Sender-secret-1' };
const lead = { email: 'lena.lead@client-e2e.test', fname: 'Lena', lname: 'Lead' };
// Starting the campaign runs the sender's and the inbox sync's ticks at once, so the e-mail and
// the filed reply come in seconds; the waits still allow for the minute's ticks, should a start's
// tick be missed.
const MINUTE_AND_A_HALF = 90_000;

async function signUp(page: Page, baseUrl: string): Promise<string> {
  const email = `unibox.${randomUUID().slice(0, 8)}@acme-e2e.com`;
  await page.goto(`${baseUrl}/signup`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.locator('input[type="password"]').fill('Secret123');
  await page.getByLabel('First Name').fill('Uni');
  await page.getByLabel('Last Name').fill('Box');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/email-verification/);
  const code = await readVerificationCode(baseUrl, email);
  for (let index = 0; index < code.length; index += 1) {
    await page.getByLabel(`Digit ${index + 1}`).fill(code[index] ?? '');
  }
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/search\/single$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (token === null) throw new Error('no token after sign-up');
  return token;
}

// What a user does on the other screens, through the same API: a sender mailbox on the loopback
// servers, a list with one lead, a one-step campaign open all day from today, started.
async function startCampaign(api: MailApi, smtpPort: number, imapPort: number) {
  const list = await addMailboxAndList(api, {
    sender,
    smtpPort,
    imapPort,
    listName: 'Unibox leads',
    leads: [lead],
  });
  const campaign = await json<{ id: string }>(
    await api('POST', '/campaigns', { name: 'Unibox outreach' }),
  );
  await configureCampaign(api, campaign.id, list);
  await json(
    await api('PATCH', `/campaigns/${campaign.id}`, {
      steps: [
        {
          subject: 'Hello {{first_name}}',
          body: '<p>Hi {{first_name}}, a demo?</p>',
          email_gap: 0,
        },
      ],
      status: 'active',
    }),
  );
}

const messageTo = (sink: SmtpSink, address: string, count: number) => () =>
  Promise.resolve(
    sink.messages.filter((message) => message.to.includes(address)).length >= count
      ? (sink.messages.filter((message) => message.to.includes(address)).at(-1) as SinkMessage)
      : undefined,
  );

// The lead answers: the reply lands in the sender's INBOX, quoting the campaign e-mail.
async function deliverReply(imapPort: number, inReplyTo: string): Promise<string> {
  const messageId = `<${randomUUID()}@client-e2e.test>`;
  const raw = [
    `From: Lena Lead <${lead.email}>`,
    `To: ${sender.user}`,
    'Subject: Re: Hello Lena',
    `Message-ID: ${messageId}`,
    `In-Reply-To: ${inReplyTo}`,
    `References: ${inReplyTo}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Yes please, Tuesday works for me.',
    '',
    `On Monday, Sales <${sender.user}> wrote:`,
    '> Hi Lena, a demo?',
    '',
  ].join('\r\n');
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: imapPort,
    secure: false,
    auth: { user: sender.user, pass: sender.password },
    logger: false,
  });
  await client.connect();
  await client.append('INBOX', raw);
  await client.logout();
  return messageId;
}

// issue 12: a reply to a campaign is read and answered in the Unibox.
describe('unibox, in a real browser against the real app', () => {
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

  it('lists the reply unread, shows it with the quoted text folded, answers it in the thread and adds a note', async () => {
    const browser = await chromium.launch({
      executablePath: inject('chromiumPath'),
      args: chromiumArgs,
    });
    try {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      const { baseUrl } = app;
      const token = await signUp(page, baseUrl);
      const api = mailApi(baseUrl, token);
      await startCampaign(api, sink.port, imap.port);

      // The campaign e-mail goes out through the loopback SMTP server with our Message-ID.
      const campaignMail = await waitFor(
        'the campaign e-mail',
        messageTo(sink, lead.email, 1),
        MINUTE_AND_A_HALF,
      );
      const campaignMessageId = headersOf(campaignMail.raw)['message-id'] ?? '';
      expect(campaignMessageId).toMatch(/^<.+@.+>$/);

      // Answered at once, within the second of the send (IMAP dates count whole seconds): the
      // server still files the answer after the e-mail it answers.
      const replyId = await deliverReply(imap.port, campaignMessageId);
      await waitFor(
        'the inbox sync to file the reply',
        async () => {
          const page = await json<{ total_count: number }>(await api('GET', '/unibox/threads'));
          return page.total_count > 0 ? page : undefined;
        },
        MINUTE_AND_A_HALF,
      );

      await page.goto(`${baseUrl}/unibox`);
      const row = page
        .getByRole('list', { name: 'Conversations' })
        .getByRole('listitem')
        .filter({ hasText: lead.email });
      await row.waitFor();
      await expect(row.getByText('Unread', { exact: true }).count()).resolves.toBe(1);
      await expect(row.getByText('Replied', { exact: true }).count()).resolves.toBe(1);
      await expect(row.textContent()).resolves.toContain('Yes please, Tuesday works for me.');
      await page.getByRole('link', { name: 'Unibox 1 unread' }).waitFor();

      // Opening it marks it read and shows the reply, the quoted campaign text folded.
      await row.getByRole('button').click();
      await page.waitForURL(/\/unibox\?thread=/);
      const conversation = page.getByRole('region', { name: 'Conversation' });
      const reply = conversation.getByRole('article', { name: `Reply from ${lead.email}` });
      await reply.getByText('Yes please, Tuesday works for me.').waitFor();
      // Oldest first: the campaign e-mail, then the answer.
      const messages = conversation.getByRole('list', { name: 'Messages' }).getByRole('article');
      await expect(
        messages.evaluateAll((items) => items.map((item) => item.ariaLabel)),
      ).resolves.toEqual([`Campaign from ${sender.user}`, `Reply from ${lead.email}`]);
      await expect(reply.getByText('> Hi Lena, a demo?').count()).resolves.toBe(0);
      await reply.getByRole('button', { name: 'Show quoted text' }).click();
      await reply.getByText('> Hi Lena, a demo?').waitFor();
      await row.getByText('Unread', { exact: true }).waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'Unibox', exact: true }).waitFor();

      // The answer leaves through the thread's mailbox, in the thread.
      await conversation.getByRole('button', { name: 'Reply' }).click();
      const form = page.getByRole('form', { name: 'Reply' });
      await expect(form.getByRole('textbox', { name: 'Subject' }).inputValue()).resolves.toBe(
        'Re: Hello Lena',
      );
      await form.getByRole('textbox', { name: 'Message' }).fill('Great, Tuesday at 10 then.');
      await form.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Your e-mail was sent.').waitFor();
      const answer = await waitFor(
        'the answer at the SMTP server',
        messageTo(sink, lead.email, 2),
        10_000,
      );
      const headers = headersOf(answer.raw);
      expect(headers['in-reply-to']).toBe(replyId);
      expect(headers.references).toContain(campaignMessageId);
      expect(headers.subject).toBe('Re: Hello Lena');
      expect(answer.from).toBe(sender.user);
      await conversation
        .getByRole('article', { name: `Sent from ${sender.user}` })
        .getByText('Great, Tuesday at 10 then.')
        .waitFor();

      // A note on the lead.
      const notes = conversation.getByRole('region', { name: 'Notes' });
      await notes.getByRole('textbox', { name: 'Note' }).fill('Demo on Tuesday at 10');
      await notes.getByRole('button', { name: 'Add Note' }).click();
      await notes.getByText('Demo on Tuesday at 10').waitFor();
    } finally {
      await browser.close();
    }
  }, 300_000);
});
