import { randomUUID } from 'node:crypto';

// Raw messages as they land in an INBOX: a person's reply, an out-of-office answer, an RFC 3464
// bounce report and delay notice, and unrelated mail.

const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
const newId = (domain: string) => `<${randomUUID()}@${domain}>`;

type Party = { from: string; to: string };

export function replyMail(
  party: Party & { inReplyTo: string; references?: string[]; text: string; subject?: string },
) {
  return crlf([
    `From: Ann Client <${party.from}>`,
    `To: ${party.to}`,
    `Subject: ${party.subject ?? 'Re: Hello'}`,
    `Message-ID: ${newId('client.test')}`,
    `In-Reply-To: ${party.inReplyTo}`,
    `References: ${(party.references ?? [party.inReplyTo]).join(' ')}`,
    'Date: Mon, 04 Mar 2030 11:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    party.text,
  ]);
}

// A reply from a mail client that writes neither In-Reply-To nor References.
export function headerlessReplyMail(party: Party & { subject: string; text: string }) {
  return crlf([
    `From: Gus Client <${party.from}>`,
    `To: ${party.to}`,
    `Subject: ${party.subject}`,
    `Message-ID: ${newId('client.test')}`,
    'Date: Mon, 04 Mar 2030 11:30:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    party.text,
  ]);
}

export function outOfOfficeMail(party: Party & { inReplyTo: string }) {
  return crlf([
    `From: Bob Client <${party.from}>`,
    `To: ${party.to}`,
    'Subject: Automatic reply: Hello',
    `Message-ID: ${newId('client.test')}`,
    `In-Reply-To: ${party.inReplyTo}`,
    `References: ${party.inReplyTo}`,
    'Auto-Submitted: auto-replied',
    'X-Autoreply: yes',
    'Date: Mon, 04 Mar 2030 10:05:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'I am out of the office until Monday.',
  ]);
}

// A Postfix-style report: the human part, the delivery-status fields and the returned headers.
export function deliveryReportMail(
  party: Party & {
    recipient: string;
    original: string;
    action?: 'failed' | 'delayed';
    status?: string;
  },
) {
  const action = party.action ?? 'failed';
  const status = party.status ?? (action === 'failed' ? '5.1.1' : '4.4.1');
  return crlf([
    `From: Mail Delivery System <${party.from}>`,
    `To: ${party.to}`,
    `Subject: ${action === 'failed' ? 'Undelivered Mail Returned to Sender' : 'Delayed Mail (still being retried)'}`,
    `Message-ID: ${newId('mx.client.test')}`,
    'Auto-Submitted: auto-replied',
    'Date: Mon, 04 Mar 2030 10:01:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    '\tboundary="REPORT-BOUNDARY"',
    '',
    'This is a MIME-encapsulated message.',
    '',
    '--REPORT-BOUNDARY',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    action === 'failed'
      ? 'I am sorry to have to inform you that your message could not be delivered.'
      : 'Your message has not been delivered yet; I will keep trying.',
    '',
    '--REPORT-BOUNDARY',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.client.test',
    'Arrival-Date: Mon, 04 Mar 2030 10:00:30 +0000',
    '',
    `Final-Recipient: rfc822; ${party.recipient}`,
    `Original-Recipient: rfc822;${party.recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    'Remote-MTA: dns; mailstore.client.test',
    `Diagnostic-Code: smtp; 550 ${status} <${party.recipient}>: Recipient address`,
    '    rejected: User unknown in local recipient table',
    '',
    '--REPORT-BOUNDARY',
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    `From: Sales <${party.to}>`,
    `To: ${party.recipient}`,
    'Subject: Hello',
    `Message-ID: ${party.original}`,
    '',
    '--REPORT-BOUNDARY--',
  ]);
}

export function unrelatedMail(party: Party) {
  return crlf([
    `From: Newsletter <${party.from}>`,
    `To: ${party.to}`,
    'Subject: Our spring offers',
    `Message-ID: ${newId('news.test')}`,
    'Date: Mon, 04 Mar 2030 09:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Everything must go.',
  ]);
}

// A qmail-style failure notice: plain text from the mailer daemon, the returned headers below.
export function failureNoticeMail(
  party: Party & { recipient: string; original: string; reply?: string },
) {
  return crlf([
    `From: MAILER-DAEMON@${party.from.split('@')[1]}`,
    `To: ${party.to}`,
    'Subject: failure notice',
    `Message-ID: ${newId('mx.client.test')}`,
    'Date: Mon, 04 Mar 2030 10:02:00 +0000',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'Hi. This is the qmail-send program at mx.client.test.',
    "I'm afraid I wasn't able to deliver your message to the following addresses.",
    "This is a permanent error; I've given up. Sorry it didn't work out.",
    '',
    `<${party.recipient}>:`,
    `Remote host said: ${party.reply ?? '550 5.1.1 No such user here'}`,
    '',
    '--- Below this line is a copy of the message.',
    '',
    `From: Sales <${party.to}>`,
    `To: ${party.recipient}`,
    'Subject: Hello',
    `Message-ID: ${party.original}`,
    '',
    'Hi, a short note.',
  ]);
}
