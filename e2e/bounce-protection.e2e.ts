import { randomUUID } from 'node:crypto';
import { BOUNCE_WINDOW_MIN, bounceMessages, complaintMessages } from '@mailhound/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverToInbox,
  type RunningServer,
  startImapServer,
} from '../apps/server/src/features/mailboxes/mail-servers.test-kit.ts';
import {
  type SmtpSink,
  startSmtpSink,
} from '../apps/server/src/features/sender/smtp-sink.test-kit.ts';
import { feedbackReportMail } from '../apps/server/src/features/unibox/messages.test-kit.ts';
import { type RunningApp, startApp } from './app-server.ts';
import { type BrowserSession, openBrowser } from './browser.ts';
import { addMailboxAndList, mailApi, startOneStepCampaign, waitFor } from './mail-api.ts';
import { signUpForToken } from './sign-up.ts';

const sender = { user: 'sales@bounces-e2e.test', password: 'Sender-secret-1' };
// A second user's mailbox, whose two leads report its e-mails as spam.
const complained = { user: 'sales@complaints-e2e.test', password: 'Sender-secret-2' };
// The sink refuses every address starting with "bounce" for good (550 on RCPT).
const leads = Array.from({ length: BOUNCE_WINDOW_MIN }, (_, index) => ({
  email: `bounce${index}@stale-list-e2e.test`,
  fname: `Lead${index}`,
  lname: 'Stale',
}));

// What a user does on the other screens, through the same API: a mailbox on the loopback
// servers, a list of stale addresses, a one-step campaign open all day (bounce protection at
// its default 5 %), started.
async function startCampaign(baseUrl: string, token: string, smtpPort: number, imapPort: number) {
  const api = mailApi(baseUrl, token);
  const list = await addMailboxAndList(api, {
    sender,
    smtpPort,
    imapPort,
    listName: 'Stale list',
    leads,
  });
  return startOneStepCampaign(api, 'Stale outreach', list);
}

// issue 25 "Done when": a campaign that paused itself for bounces says why, in a real browser.
describe('bounce protection, in a real browser against the real app', () => {
  let app: RunningApp;
  let sink: SmtpSink;
  let imap: RunningServer;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    [sink, imap, app] = await Promise.all([
      startSmtpSink(),
      startImapServer([sender, complained]),
      startApp({ MAIL_ALLOW_PRIVATE_HOSTS: 'true' }),
    ]);
  });
  afterAll(async () => {
    await session?.browser.close();
    await app?.stop();
    await imap?.stop();
    await sink?.stop();
  });

  it('shows the reason of a campaign paused for bounces on its header, in the list and above the Unibox', async () => {
    session = await openBrowser();
    const { page } = session;
    const { baseUrl } = app;
    const token = await signUpForToken(page, baseUrl, {
      email: `bounces.${randomUUID().slice(0, 8)}@acme-e2e.com`,
      firstName: 'Bo',
      lastName: 'Unce',
    });
    const id = await startCampaign(baseUrl, token, sink.port, imap.port);

    // Every address bounces: at the 20th the window is full enough, and the campaign pauses.
    const reason = bounceMessages.campaignPaused(BOUNCE_WINDOW_MIN, BOUNCE_WINDOW_MIN, 5);
    await page.goto(`${baseUrl}/campaigns/campaign-configuration/${id}/contacts`);
    const header = page.getByRole('status').filter({ hasText: 'Paused to protect your mailboxes' });
    // Start sends the first e-mail at once, the minute's tick the others: reload until the
    // pause has happened.
    for (let attempt = 0; attempt < 100 && !(await header.isVisible()); attempt += 1) {
      await new Promise((done) => setTimeout(done, 2000));
      await page.reload();
      await page.getByRole('heading', { name: 'Stale outreach' }).waitFor();
    }
    await header.getByText(reason).waitFor();
    await page.getByRole('button', { name: 'Start' }).waitFor();

    await page.goto(`${baseUrl}/campaigns`);
    const row = page.getByRole('row').filter({ hasText: 'Stale outreach' });
    await row.getByText(reason).waitFor();
    await row.getByText('Paused').first().waitFor();

    await page.goto(`${baseUrl}/unibox`);
    const notice = page.getByRole('status').filter({ hasText: 'Stale outreach is paused' });
    await notice.getByText(reason).waitFor();
    expect(await notice.getByRole('link', { name: 'Open the campaign' }).getAttribute('href')).toBe(
      `/campaigns/campaign-configuration/${id}`,
    );

    // The mailbox that sent them stopped sending too: the sender list says so (the badge reads
    // its reason out), and Resume sending from its row menu lets it send again.
    await page.goto(`${baseUrl}/sender-list`);
    const mailbox = page.getByRole('row').filter({ hasText: sender.user });
    const paused = mailbox.getByText('Sending paused').first();
    await paused.waitFor();
    await mailbox.getByRole('button', { name: `Actions for ${sender.user}` }).click();
    await page.getByRole('menuitem', { name: 'Resume sending' }).click();
    await paused.waitFor({ state: 'detached' });
  }, 240_000);

  it('shows the reason of a campaign paused for spam complaints on its header', async () => {
    const second = await openBrowser();
    try {
      const { page } = second;
      const { baseUrl } = app;
      const token = await signUpForToken(page, baseUrl, {
        email: `complaints.${randomUUID().slice(0, 8)}@acme-e2e.com`,
        firstName: 'Spam',
        lastName: 'Report',
      });
      const api = mailApi(baseUrl, token);
      const leads = ['ann', 'bob'].map((name) => ({
        email: `${name}@annoyed-e2e.test`,
        fname: name,
        lname: 'Annoyed',
      }));
      const list = await addMailboxAndList(api, {
        sender: complained,
        smtpPort: sink.port,
        imapPort: imap.port,
        listName: 'Annoyed list',
        leads,
      });
      const id = await startOneStepCampaign(api, 'Annoying outreach', list);

      // Both e-mails go out (the first at the start, the other at the minute's tick), and both
      // leads press "Report spam": their providers' RFC 5965 reports land in the INBOX, which
      // the inbox sync reads.
      const sent = await waitFor(
        'both campaign e-mails',
        async () => {
          const mails = sink.messages.filter((mail) => mail.to[0]?.endsWith('@annoyed-e2e.test'));
          return mails.length === 2 ? mails : undefined;
        },
        150_000,
      );
      await deliverToInbox(
        imap.port,
        complained,
        ...sent.map((mail) =>
          feedbackReportMail({
            from: 'fbl@annoyed-e2e.test',
            to: complained.user,
            returned: mail.raw,
          }),
        ),
      );

      const reason = complaintMessages.campaignPaused(2, 2, 0.3);
      await page.goto(`${baseUrl}/campaigns/campaign-configuration/${id}/contacts`);
      const header = page
        .getByRole('status')
        .filter({ hasText: 'Paused to protect your mailboxes' });
      // The sync reads the INBOX at once when the server has IDLE, else within the minute.
      for (let attempt = 0; attempt < 60 && !(await header.isVisible()); attempt += 1) {
        await new Promise((done) => setTimeout(done, 2000));
        await page.reload();
        await page.getByRole('heading', { name: 'Annoying outreach' }).waitFor();
      }
      await header.getByText(reason).waitFor();
      await page.getByRole('button', { name: 'Start' }).waitFor();
    } finally {
      await second.browser.close();
    }
  }, 360_000);
});
