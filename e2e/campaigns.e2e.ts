import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type RunningServer,
  startImapServer,
  startSmtpServer,
} from '../apps/server/src/features/mailboxes/mail-servers.test-kit.ts';
import { type RunningApp, startApp } from './app-server.ts';
import { watchContentSecurity } from './browser.ts';
import { chromiumArgs } from './chromium.ts';
import { readVerificationCode } from './outbox.ts';

const sender = { user: 'sales@campaign-e2e.test', password: 'Sender-secret-1' };

async function signUp(page: Page, baseUrl: string): Promise<void> {
  const email = `campaigns.${randomUUID().slice(0, 8)}@acme-e2e.com`;
  await page.goto(`${baseUrl}/signup`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.locator('input[type="password"]').fill('Secret123');
  await page.getByLabel('First Name').fill('Cam');
  await page.getByLabel('Last Name').fill('Paign');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/email-verification/);
  const code = await readVerificationCode(baseUrl, email);
  for (let index = 0; index < code.length; index += 1) {
    await page.getByLabel(`Digit ${index + 1}`).fill(code[index] ?? '');
  }
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/search\/single$/);
}

// A sender mailbox through the API, with the browser's session, pointing at the loopback
// SMTP and IMAP servers (this app allows private hosts).
async function addMailbox(page: Page, baseUrl: string, smtp: number, imap: number) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${baseUrl}/api/mail/mailboxes`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: sender.user,
      name: 'Sales',
      description: '',
      password: sender.password,
      smtp_host: '127.0.0.1',
      smtp_port: smtp,
      imap_host: '127.0.0.1',
      imap_port: imap,
    }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  const mailbox = (await response.json()) as { status: string };
  expect(mailbox.status).toBe('active');
}

async function getCampaign(page: Page, baseUrl: string, id: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${baseUrl}/api/mail/campaigns/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { steps: unknown[] };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// issue 11: a campaign built through every configuration screen, then started.
describe('campaigns, in a real browser against the real app', () => {
  let app: RunningApp;
  let smtp: RunningServer;
  let imap: RunningServer;

  beforeAll(async () => {
    [smtp, imap, app] = await Promise.all([
      startSmtpServer([sender]),
      startImapServer([sender]),
      startApp({ MAIL_ALLOW_PRIVATE_HOSTS: 'true' }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([app?.stop(), smtp?.stop(), imap?.stop()]);
  });

  it('creates a campaign, configures contacts, schedule, sequences and settings, and starts it', async () => {
    const browser = await chromium.launch({
      executablePath: inject('chromiumPath'),
      args: chromiumArgs,
    });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await watchContentSecurity(context);
      const page = await context.newPage();
      const { baseUrl } = app;
      await signUp(page, baseUrl);
      await addMailbox(page, baseUrl, smtp.port, imap.port);

      // New campaign name.
      await page.goto(`${baseUrl}/campaigns`);
      await page.getByRole('link', { name: 'New Campaign' }).click();
      await page.waitForURL(/\/campaigns\/campaign-name$/);
      await page.getByRole('textbox', { name: 'Name' }).fill('Spring outreach');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/campaigns\/campaign-configuration\/[^/]+\/contacts$/);
      const campaignUrl = page.url().replace(/\/contacts$/, '');
      await page.getByRole('heading', { name: 'Spring outreach', level: 1 }).waitFor();
      await expect(page.getByRole('button', { name: 'Start' }).isDisabled()).resolves.toBe(true);
      const missing = page.getByRole('list', { name: 'Missing before start' });
      expect(await missing.getByRole('listitem').allTextContents()).toHaveLength(4);

      // Contacts: a new list through the contacts feature's flow inside the campaign.
      await page.getByRole('link', { name: 'Create New Contacts List' }).click();
      await page.waitForURL(/\/contacts\/name$/);
      await page.getByRole('textbox', { name: 'Name' }).fill('Spring leads');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/contacts\/contacts-source$/);
      await page.getByText('Add Manually').click();
      const contact = page.getByRole('group', { name: 'Contact 1' });
      await contact.getByLabel('Email').fill('ann.lee@spring-e2e.test');
      await contact.getByLabel('First Name').fill('Ann');
      await contact.getByLabel('Last Name').fill('Lee');
      await page.getByRole('button', { name: 'Create List' }).click();
      await page.getByText('Contact list created successfully!').waitFor();

      // ... then picked for the campaign.
      await page.goto(`${campaignUrl}/contacts`);
      await page.getByRole('combobox', { name: 'Send this campaign to' }).click();
      await page.getByRole('option', { name: 'Spring leads' }).click();
      await page.getByRole('button', { name: 'Use this list' }).click();
      await page.getByText('Contact list: Spring leads').waitFor();

      // Schedule: every day from today, all day.
      await page.getByRole('tab', { name: 'Schedule' }).click();
      await page.waitForURL(/\/schedule$/);
      await page.getByRole('textbox', { name: 'Schedule Name' }).fill('All week');
      await page.getByLabel('Time From').fill('00:00');
      await page.getByLabel('Time To').fill('23:59');
      await page.getByLabel('Start Date').fill(isoDay(new Date()));
      for (const day of ['SAT', 'SUN']) await page.getByRole('checkbox', { name: day }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Schedule saved.').waitFor();

      // Sequences: two steps written in the rich-text editor (a variable from its menu, bold,
      // a list, the unsubscribe link), a gap of 2 days.
      await page.getByRole('tab', { name: 'Sequences' }).click();
      await page.waitForURL(/\/sequences$/);
      const first = page.getByRole('region', { name: 'Step 1' });
      await first.getByRole('textbox', { name: 'Subject' }).fill('Hello there');
      const firstBody = first.getByRole('textbox', { name: 'Body' });
      await firstBody.click();
      await page.keyboard.type('Hi ');
      await first.getByRole('button', { name: 'Variables', exact: true }).click();
      await page.getByRole('menuitem', { name: 'First Name' }).click();
      await page.keyboard.type(',');
      await page.keyboard.press('Enter');
      await first.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.type('Mailhound');
      await first.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.type(' finds:');
      await page.keyboard.press('Enter');
      await first.getByRole('button', { name: 'Bullet list' }).click();
      await page.keyboard.type('e-mails');
      await page.keyboard.press('Enter');
      await page.keyboard.type('companies');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Leave: ');
      await first.getByRole('button', { name: 'Variables', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Unsubscribe Link' }).click();
      await page.getByRole('button', { name: 'Add step' }).click();
      const second = page.getByRole('region', { name: 'Step 2' });
      await second.getByRole('textbox', { name: 'Subject' }).fill('Following up');
      await second.getByRole('textbox', { name: 'Body' }).fill('Any news?');
      await second.getByRole('textbox', { name: 'Wait (days)' }).fill('2');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Sequences saved.').waitFor();
      const campaignId = campaignUrl.split('/').at(-1) ?? '';
      expect((await getCampaign(page, baseUrl, campaignId)).steps).toEqual([
        {
          subject: 'Hello there',
          body:
            '<p>Hi {{first_name}},</p><p><strong>Mailhound</strong> finds:</p>' +
            '<ul><li><p>e-mails</p></li><li><p>companies</p></li></ul>' +
            '<p>Leave: <a target="_blank" rel="noopener noreferrer nofollow" ' +
            'href="{{unsubscribe_link}}">{{unsubscribe_link}}</a></p>',
          email_gap: 0,
        },
        { subject: 'Following up', body: '<p>Any news?</p>', email_gap: 2 },
      ]);

      // Analytics is a title only for now (issue 12).
      await page.getByRole('tab', { name: 'Analytics' }).click();
      await page.getByRole('heading', { name: 'Analytics' }).waitFor();

      // Settings: the mailbox, a sending pattern, saved.
      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.waitForURL(/\/settings$/);
      await page.getByRole('combobox', { name: 'Accounts' }).click();
      await page.getByRole('option', { name: /sales@campaign-e2e\.test/ }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('textbox', { name: 'Min gap (seconds)' }).fill('60');
      await page.getByRole('textbox', { name: 'Max gap (seconds)' }).fill('120');
      await page.getByRole('textbox', { name: 'Max new leads per day' }).fill('20');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Settings saved.').waitFor();

      // Ready: nothing missing, Start makes it active.
      await page.getByRole('list', { name: 'Missing before start' }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Start' }).click();
      await page.getByRole('button', { name: 'Pause' }).waitFor();

      // The list shows it active, with its list and today's date.
      await page.goto(`${baseUrl}/campaigns`);
      const row = page
        .getByRole('table', { name: 'Campaigns' })
        .getByRole('row')
        .filter({ hasText: 'Spring outreach' });
      await row.waitFor();
      const cells = await row.getByRole('cell').allTextContents();
      const today = new Date();
      const day = `${String(today.getUTCDate()).padStart(2, '0')}.${String(
        today.getUTCMonth() + 1,
      ).padStart(2, '0')}.${today.getUTCFullYear()}`;
      expect(cells.slice(0, 4)).toEqual(['Spring outreach', 'Active', 'Spring leads', day]);
    } finally {
      await browser.close();
    }
  });
});
