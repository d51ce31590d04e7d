import { randomUUID } from 'node:crypto';
import type { Schedule } from '@mailhound/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Db } from '../../platform/database.ts';
import type { LinkTokens } from '../../platform/link-tokens.ts';
import { newMessageId } from '../../platform/mail/message-id.ts';
import type { PasswordBox } from '../../platform/mail/password-box.ts';
import { campaignMailboxes, campaigns } from '../campaigns/schema.ts';
import { customers, groupCustomers, groups } from '../contacts/schema.ts';
import { mailboxes } from '../mailboxes/schema.ts';
import { campaignContacts, campaignSends, unsubscribes } from '../sender/schema.ts';
import { linkClicks } from '../tracking/schema.ts';
import { fileMessage } from './file-message.ts';

// The demo user's mail service, so that the Unibox and the analytics of `npm start` have
// something to show: a contact list, a mailbox that points nowhere (status error: the user
// connects their own to send), a paused two-step campaign whose e-mails went out over the last
// two weeks, and what came back — replies, an out-of-office answer and a bounce report — filed
// by the inbox sync's own code. Idempotent: nothing is added once the demo campaign exists.

export const demoCampaignName = 'Demo outreach';
const demoMailbox = 'outreach@demo.mailhound.dev';
const DAY_MS = 86_400_000;

type Lead = { fname: string; lname: string; email: string };

const leads: Lead[] = [
  ['Lena', 'Fischer', 'lena.fischer@nordwind-logistik.de'],
  ['Marco', 'Rossi', 'marco.rossi@vetreria-lucca.it'],
  ['Aisha', 'Khan', 'aisha.khan@brightpath.io'],
  ['Tom', 'Becker', 'tom.becker@alpenholz.at'],
  ['Sofia', 'Lindqvist', 'sofia@fjordsoft.se'],
  ['James', 'Carter', 'j.carter@harborline.co.uk'],
  ['Nina', 'Novak', 'nina.novak@kvadrat-studio.si'],
  ['Pierre', 'Dubois', 'pierre.dubois@atelier-lumen.fr'],
  ['Emma', 'Jansen', 'emma.jansen@polderpay.nl'],
  ['Lucas', 'Silva', 'lucas.silva@mar-azul.pt'],
  ['Hana', 'Sato', 'hana.sato@kumo-analytics.jp'],
  ['Olivia', 'Brown', 'olivia.brown@gone-company.com'],
].map(([fname, lname, email]) => ({ fname, lname, email }) as Lead);

// What each lead did, by index: answered (reply text), out of office, bounced, unsubscribed,
// clicked the link.
const replies: Record<number, string> = {
  0: 'Hi, thanks for reaching out. Could you send me a short overview and pricing? Thursday afternoon works for a call.',
  2: 'Interesting timing — we are reviewing our tooling this quarter. Who else in our industry uses you?',
  5: 'Not for us right now, but feel free to check back in Q3.',
};
const outOfOffice = 4;
const bounced = 11;
const unsubscribed = 7;
const clicked = [0, 2, 6, 9];

const schedule: Schedule = {
  name: 'Office hours',
  timezone: 'Europe/Berlin',
  start_time: '09:00',
  end_time: '17:00',
  start_date: '2026-01-01',
  end_date: null,
  days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
};

const steps = [
  {
    subject: 'Quick question, {{first_name}}',
    body: '<p>Hi {{first_name}},</p><p>teams like yours use Mailhound to find and verify the right contact at any company in seconds. Would a 15-minute call next week make sense?</p><p><a href="https://mailhound.dev/tour">Take the 2-minute tour</a></p><p>{{unsubscribe_link}}</p>',
    email_gap: 0,
  },
  {
    subject: 'Re: Quick question, {{first_name}}',
    body: '<p>Hi {{first_name}}, just bringing this back to the top of your inbox. Happy to send a short overview instead of a call.</p><p>{{unsubscribe_link}}</p>',
    email_gap: 3,
  },
];

export type DemoMailDeps = {
  db: Db;
  tokens: LinkTokens;
  publicUrl: string;
  box: PasswordBox;
  now: Date;
};

export async function seedDemoMail(deps: DemoMailDeps, userId: string): Promise<void> {
  const { db, now } = deps;
  const [existing] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.userId, userId), eq(campaigns.name, demoCampaignName)));
  if (existing) return;

  const mailboxId = randomUUID();
  const sent = await db.transaction(async (tx) => {
    const [group] = await tx
      .insert(groups)
      .values({ userId, name: 'Demo prospects' })
      .onConflictDoNothing()
      .returning({ id: groups.id });
    await tx
      .insert(customers)
      .values(leads.map((lead) => ({ userId, ...lead })))
      .onConflictDoNothing();
    const contacts = await tx
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(
        and(
          eq(customers.userId, userId),
          inArray(
            sql`lower(${customers.email})`,
            leads.map((lead) => lead.email),
          ),
        ),
      );
    const idOf = new Map(contacts.map((row) => [row.email, row.id]));
    if (group) {
      await tx
        .insert(groupCustomers)
        .values(contacts.map((row) => ({ groupId: group.id, customerId: row.id, userId })))
        .onConflictDoNothing();
    }
    await tx.insert(mailboxes).values({
      id: mailboxId,
      userId,
      status: 'error',
      statusMessage: 'Demo mailbox: add your own mailbox to send and receive.',
      email: demoMailbox,
      name: 'Demo Outreach',
      description: 'Demo data',
      passwordEncrypted: deps.box.seal('demo', mailboxId),
      smtpHost: 'smtp.demo.mailhound.dev',
      smtpPort: 587,
      imapHost: 'imap.demo.mailhound.dev',
      imapPort: 993,
      emailsLimit: 30,
      minEmailGap: 300,
      maxEmailGap: 600,
    });
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        userId,
        name: demoCampaignName,
        status: 'paused',
        customerGroupId: group?.id ?? null,
        schedules: [schedule],
        steps,
        stopAfterReply: true,
        linkTracking: true,
        emailsLimit: 0,
        minEmailGap: 300,
        maxEmailGap: 600,
        createdAt: new Date(now.getTime() - 15 * DAY_MS),
      })
      .returning({ id: campaigns.id });
    const campaignId = campaign?.id ?? '';
    await tx.insert(campaignMailboxes).values({ campaignId, mailboxId, userId });

    // The opening e-mail on the lead's day (one or two a day over two weeks); the follow-up
    // three days later to those who neither answered, bounced nor unsubscribed.
    const rows = leads.flatMap((lead, index) => {
      const customerId = idOf.get(lead.email) ?? '';
      const openedAt = new Date(now.getTime() - (14 - index) * DAY_MS);
      const first = {
        userId,
        campaignId,
        customerId,
        step: 0,
        mailboxId,
        messageId: newMessageId(demoMailbox),
        // The bounce report filed below turns the bounced lead's send to 'bounced'.
        status: 'sent' as const,
        scheduledAt: openedAt,
        sendingAt: openedAt,
        sentAt: openedAt,
      };
      const quiet = !(index in replies) && index !== bounced && index !== unsubscribed && index < 9;
      if (!quiet) return [first];
      const followAt = new Date(openedAt.getTime() + 3 * DAY_MS);
      return [
        first,
        {
          ...first,
          step: 1,
          status: 'sent' as const,
          messageId: newMessageId(demoMailbox),
          scheduledAt: followAt,
          sendingAt: followAt,
          sentAt: followAt,
        },
      ];
    });
    const inserted = await tx.insert(campaignSends).values(rows).returning();
    const lastStep = new Map<string, (typeof inserted)[number]>();
    for (const send of inserted) {
      const before = lastStep.get(send.customerId);
      if (!before || before.step < send.step) lastStep.set(send.customerId, send);
    }
    await tx.insert(campaignContacts).values(
      [...lastStep.values()].map((send) => ({
        campaignId,
        customerId: send.customerId,
        userId,
        mailboxId,
        lastStep: send.step,
        lastSentAt: send.sentAt ?? send.sendingAt,
        state: 'ready' as const,
      })),
    );
    const firstSend = (index: number) =>
      inserted.find(
        (send) => send.step === 0 && send.customerId === idOf.get(leads[index]?.email ?? ''),
      );
    for (const index of clicked) {
      const send = firstSend(index);
      if (!send?.sentAt) continue;
      await tx.insert(linkClicks).values({
        userId,
        sendId: send.id,
        url: 'https://mailhound.dev/tour',
        clickedAt: new Date(send.sentAt.getTime() + 2 * 3_600_000),
      });
    }
    const leaving = firstSend(unsubscribed);
    if (leaving?.sentAt) {
      await tx.insert(unsubscribes).values({
        userId,
        customerId: leaving.customerId,
        campaignId,
        sendId: leaving.id,
        source: 'one-click',
        createdAt: new Date(leaving.sentAt.getTime() + 5 * 3_600_000),
      });
      await tx
        .update(campaignContacts)
        .set({ state: 'stopped', stopReason: 'unsubscribed' })
        .where(
          and(
            eq(campaignContacts.campaignId, campaignId),
            eq(campaignContacts.customerId, leaving.customerId),
          ),
        );
    }
    return { firstSend };
  });

  // What came back, filed as the inbox sync files it (threads, replied state, bounce marks).
  const filing = { db, tokens: deps.tokens, publicUrl: deps.publicUrl };
  const mailbox = { id: mailboxId, userId };
  let uid = 0;
  const file = async (raw: Buffer | string, at: Date) => {
    uid += 1;
    await fileMessage(filing, mailbox, raw, { uidValidity: 1, uid }, at);
  };
  for (const [key, text] of Object.entries(replies)) {
    const index = Number(key);
    const lead = leads[index] as Lead;
    const send = sent.firstSend(index);
    if (!send?.sentAt) continue;
    const at = new Date(send.sentAt.getTime() + (index + 3) * 3_600_000);
    await file(await answer(lead, send.messageId, at, text, false), at);
  }
  const away = sent.firstSend(outOfOffice);
  if (away?.sentAt) {
    const at = new Date(away.sentAt.getTime() + 60_000);
    await file(await answer(leads[outOfOffice] as Lead, away.messageId, at, '', true), at);
  }
  const lost = sent.firstSend(bounced);
  if (lost?.sentAt) {
    const at = new Date(lost.sentAt.getTime() + 120_000);
    await file(bounceReport(leads[bounced] as Lead, lost.messageId, at), at);
  }
}

// A lead's answer as their mail program writes it: the reply above the quoted e-mail, or an
// out-of-office notice marked as automatic.
function answer(lead: Lead, inReplyTo: string, at: Date, text: string, automatic: boolean) {
  const quoted = `On ${at.toUTCString()}, Demo Outreach <${demoMailbox}> wrote:\n> Hi ${lead.fname},\n> teams like yours use Mailhound to find and verify the right contact at any company in seconds.`;
  const composer = new MailComposer({
    from: { name: `${lead.fname} ${lead.lname}`, address: lead.email },
    to: { name: 'Demo Outreach', address: demoMailbox },
    subject: automatic
      ? `Automatic reply: Quick question, ${lead.fname}`
      : `Re: Quick question, ${lead.fname}`,
    messageId: newMessageId(lead.email),
    inReplyTo,
    references: [inReplyTo],
    date: at,
    text: automatic
      ? `Thank you for your message. I am out of the office until ${new Date(at.getTime() + 7 * DAY_MS).toDateString()} with limited access to e-mail.`
      : `${text}\n\nBest,\n${lead.fname}\n\n${quoted}`,
    headers: automatic ? { 'Auto-Submitted': 'auto-replied', 'X-Autoreply': 'yes' } : {},
  });
  return composer.compile().build();
}

// An RFC 3464 report for an address that does not exist.
function bounceReport(lead: Lead, original: string, at: Date): string {
  const domain = lead.email.split('@')[1];
  return `${[
    `From: Mail Delivery System <MAILER-DAEMON@mx.${domain}>`,
    `To: ${demoMailbox}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <${randomUUID()}@mx.${domain}>`,
    `Date: ${at.toUTCString()}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="DEMO-REPORT"',
    '',
    '--DEMO-REPORT',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'Your message could not be delivered to one or more recipients.',
    '',
    '--DEMO-REPORT',
    'Content-Type: message/delivery-status',
    '',
    `Reporting-MTA: dns; mx.${domain}`,
    '',
    `Final-Recipient: rfc822; ${lead.email}`,
    'Action: failed',
    'Status: 5.1.1',
    `Diagnostic-Code: smtp; 550 5.1.1 <${lead.email}>: Recipient address rejected: User unknown`,
    '',
    '--DEMO-REPORT',
    'Content-Type: text/rfc822-headers',
    '',
    `From: Demo Outreach <${demoMailbox}>`,
    `To: ${lead.email}`,
    `Subject: Quick question, ${lead.fname}`,
    `Message-ID: ${original}`,
    '',
    '--DEMO-REPORT--',
  ].join('\r\n')}\r\n`;
}
