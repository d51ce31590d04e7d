import { randomUUID } from 'node:crypto';

// Raw messages as they land in an INBOX: a person's reply, an out-of-office answer, an RFC 3464
// bounce report and delay notice, RFC 5965 feedback reports (spam complaints), and unrelated mail.

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

// A reply with a file attached (`attachmentBytes` of it, base64 in lines of 76).
export function replyWithAttachmentMail(
  party: Party & { inReplyTo: string; text: string; attachmentBytes: number },
) {
  const encoded = Buffer.alloc(party.attachmentBytes, 'deck ').toString('base64');
  return crlf([
    `From: Ann Client <${party.from}>`,
    `To: ${party.to}`,
    'Subject: Re: Hello',
    `Message-ID: ${newId('client.test')}`,
    `In-Reply-To: ${party.inReplyTo}`,
    `References: ${party.inReplyTo}`,
    'Date: Mon, 04 Mar 2030 11:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="ATTACHED"',
    '',
    '--ATTACHED',
    'Content-Type: text/plain; charset=utf-8',
    '',
    party.text,
    '--ATTACHED',
    'Content-Type: application/pdf; name="deck.pdf"',
    'Content-Disposition: attachment; filename="deck.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    ...(encoded.match(/.{1,76}/g) ?? []),
    '--ATTACHED--',
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

// RFC 5965 Appendix B: a feedback report with the given report fields and returned part.
function feedbackReport(
  head: { from: string; to: string; messageId?: string },
  fields: string[],
  returned: { type: string; lines: string[] },
) {
  return crlf([
    `From: <${head.from}>`,
    'Date: Thu, 8 Mar 2005 17:40:36 EDT',
    'Subject: FW: Earn money',
    `To: <${head.to}>`,
    ...(head.messageId ? [`Message-ID: ${head.messageId}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report;',
    '     boundary="part1_13d.2e68ed54_boundary"',
    '',
    '--part1_13d.2e68ed54_boundary',
    'Content-Type: text/plain; charset="US-ASCII"',
    'Content-Transfer-Encoding: 7bit',
    '',
    'This is an email abuse report for an email message received from IP',
    '192.0.2.1 on Thu, 8 Mar 2005 14:00:00 EDT.  For more information',
    'about this format please see http://www.mipassoc.org/arf/.',
    '',
    '--part1_13d.2e68ed54_boundary',
    'Content-Type: message/feedback-report',
    '',
    ...fields,
    '',
    '--part1_13d.2e68ed54_boundary',
    `Content-Type: ${returned.type}`,
    'Content-Disposition: inline',
    '',
    ...returned.lines,
    '--part1_13d.2e68ed54_boundary--',
  ]);
}

// The spam RFC 5965's examples return: not a message of ours.
export const someoneElsesMessage = crlf([
  'Received: from mailserver.example.net',
  '        (mailserver.example.net [192.0.2.1])',
  '        by example.com with ESMTP id M63d4137594e46;',
  '        Thu, 08 Mar 2005 14:00:00 -0400',
  'From: <somespammer@example.net>',
  'To: <Undisclosed Recipients>',
  'Subject: Earn money',
  'MIME-Version: 1.0',
  'Content-type: text/plain',
  'Message-ID: 8787KJKJ3K4J3K4J3K4J3.mail@example.net',
  'Date: Thu, 02 Sep 2004 12:31:03 -0500',
  '',
  'Spam Spam Spam',
  'Spam Spam Spam',
  'Spam Spam Spam',
  'Spam Spam Spam',
]);

// RFC 5965 Appendix B.2, the complete example of a feedback report, about a message of ours:
// `returned` is the message the provider returns (only its header block when `headersOnly`),
// `recipient` the Original-Rcpt-To (left out when the provider redacts it, RFC 6590).
export function feedbackReportMail(
  party: Party & {
    returned: string;
    recipient?: string;
    type?: string;
    headersOnly?: boolean;
  },
) {
  const returned = party.headersOnly
    ? (party.returned.split(/\r?\n\r?\n/)[0] ?? '')
    : party.returned.replace(/\r?\n$/, '');
  return feedbackReport(
    { from: party.from, to: party.to, messageId: newId('fbl.client.test') },
    [
      `Feedback-Type: ${party.type ?? 'abuse'}`,
      'User-Agent: SomeGenerator/1.0',
      'Version: 1',
      `Original-Mail-From: <${party.to}>`,
      ...(party.recipient ? [`Original-Rcpt-To: <${party.recipient}>`] : []),
      'Arrival-Date: Thu, 8 Mar 2005 14:00:00 EDT',
      'Reporting-MTA: dns; mail.example.com',
      'Source-IP: 192.0.2.1',
      'Authentication-Results: mail.example.com;',
      `               spf=fail smtp.mail=${party.to}`,
      'Reported-Domain: example.net',
      'Reported-Uri: http://example.net/earn_money.html',
      ...(party.recipient
        ? [`Reported-Uri: mailto:${party.recipient}`, `Removal-Recipient: ${party.recipient}`]
        : []),
    ],
    {
      type: party.headersOnly ? 'text/rfc822-headers' : 'message/rfc822',
      lines: [returned],
    },
  );
}

// RFC 5965 Appendix B.1 as written: the minimal report, about a message that is not ours and
// naming no recipient.
export const minimalFeedbackReport = feedbackReport(
  { from: 'abusedesk@example.com', to: 'abuse@example.net' },
  ['Feedback-Type: abuse', 'User-Agent: SomeGenerator/1.0', 'Version: 1'],
  { type: 'message/rfc822', lines: [someoneElsesMessage.replace(/\r\n$/, '')] },
);
