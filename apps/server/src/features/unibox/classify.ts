import { type AddressObject, type HeaderValue, simpleParser } from 'mailparser';
import { type MimePart, mimeParts, parseContentType, parseHeaderBlock } from './mime-parts.ts';
import type { StoredAddress, StoredBounce } from './schema.ts';

// What a message says it is; whether it is about one of our sends is decided by the caller.
// A `report` is a delivery status notification that is not a failure (delayed, relayed); a
// `complaint` a mailbox provider's feedback report (RFC 5965) on a message sent to its user.
export type InboundNature = 'reply' | 'auto_reply' | 'bounce' | 'report' | 'complaint';

// What a feedback report (RFC 5965) says: the kind of feedback (abuse, fraud, not-spam, …),
// and the returned message's Message-ID and List-Unsubscribe header (which carries our send's
// signed token). The recipient it may name is not kept: the report's sender writes it, so it
// proves nothing (see complaint.ts).
export type FeedbackReport = {
  type: string;
  original: string | null;
  listUnsubscribe: string | null;
};

export type InboundMail = {
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  // The Message-IDs this message is about, the most telling first: the message a report
  // returns, then In-Reply-To, then References from the newest.
  about: string[];
  nature: InboundNature;
  bounce: StoredBounce | null;
  complaint: FeedbackReport | null;
  from: StoredAddress;
  to: StoredAddress[];
  cc: StoredAddress[];
  subject: string;
  text: string;
  quotedText: string | null;
  date: Date | null;
};

const messageIdPattern = /<[^<>\s]+>/g;

export function messageIdsIn(value: string | string[] | undefined | null): string[] {
  const text = Array.isArray(value) ? value.join(' ') : (value ?? '');
  // mailparser hands ids over with or without their angle brackets.
  const ids = text.match(messageIdPattern);
  if (ids) return ids;
  return text
    .split(/\s+/)
    .filter((id) => id.includes('@'))
    .map((id) => `<${id}>`);
}

function headerText(value: HeaderValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => headerText(item)).join(' ');
  if ('value' in value && typeof value.value === 'string') return value.value;
  if ('text' in value && typeof value.text === 'string') return value.text;
  return '';
}

const autoSubjects = /^\s*(automatic reply|auto[- ]?reply|autoreply|out of (the )?office|auto:)/i;

// RFC 3834 and the headers mail systems set on vacation answers.
export function looksAutomatic(headers: Map<string, HeaderValue>, subject: string): boolean {
  const submitted = headerText(headers.get('auto-submitted')).split(';')[0]?.trim().toLowerCase();
  if (submitted && submitted !== 'no') return true;
  for (const name of ['x-autoreply', 'x-autorespond']) {
    const value = headerText(headers.get(name)).trim().toLowerCase();
    if (headers.has(name) && value !== 'no') return true;
  }
  const precedence = headerText(headers.get('precedence')).trim().toLowerCase();
  if (['auto_reply', 'bulk', 'junk'].includes(precedence)) return true;
  return autoSubjects.test(subject);
}

// The type prefix of a report field ("rfc822; ann@x", "smtp; 550 ...") left out.
const withoutType = (value: string) => value.replace(/^[a-z0-9-]+;\s*/i, '').trim();

// How much of a message is read (fetched from the IMAP server, then parsed): a reply's text
// and a report's parts come before its attachments or the message it returns, so a larger
// message is read from its start and shown with a note instead of its end.
export const MESSAGE_READ_LIMIT = 2 * 1024 * 1024;

const returnedTypes = ['message/rfc822', 'text/rfc822-headers', 'message/rfc822-headers'];

// The parts of a report and the header fields of the message it returns (message/rfc822 or
// text/rfc822-headers), when it returns one. The whole message (at most MESSAGE_READ_LIMIT) is
// walked: a long human-readable part must not hide the machine-readable one after it.
function reportParts(raw: string): { parts: MimePart[]; returned: Record<string, string> } {
  const parts = mimeParts(raw);
  const part = parts.find((candidate) => returnedTypes.includes(candidate.contentType));
  const end = part?.body.search(/\r?\n\r?\n/) ?? -1;
  const head = part ? (end < 0 ? part.body : part.body.slice(0, end)) : '';
  return { parts, returned: part ? parseHeaderBlock(head) : {} };
}

type DeliveryReport = { bounce: StoredBounce | null; original: string | null };

// RFC 3464: the recipient fields of the message/delivery-status part, and the Message-ID of
// the returned message.
export function readDeliveryReport(raw: string): DeliveryReport {
  const { parts, returned } = reportParts(raw);
  let bounce: StoredBounce | null = null;
  const part = parts.find((candidate) => candidate.contentType === 'message/delivery-status');
  if (part) {
    const groups = part.body
      .split(/\r?\n[ \t]*\r?\n/)
      .map(parseHeaderBlock)
      .filter((fields) => fields.action || fields['final-recipient']);
    const failed = groups.find((fields) => fields.action?.toLowerCase() === 'failed') ?? groups[0];
    const status = failed?.status?.trim() ?? '';
    if (failed && failed.action?.toLowerCase() === 'failed' && status.startsWith('5')) {
      bounce = {
        recipient: withoutType(failed['final-recipient'] ?? failed['original-recipient'] ?? ''),
        status,
        diagnostic: failed['diagnostic-code'] ? withoutType(failed['diagnostic-code']) : null,
      };
    }
  }
  return { bounce, original: messageIdsIn(returned['message-id'])[0] ?? null };
}

// RFC 5965: the fields of the message/feedback-report part and the returned message's
// headers; null when the report has no feedback part.
export function readFeedbackReport(raw: string): FeedbackReport | null {
  const { parts, returned } = reportParts(raw);
  const part = parts.find((candidate) => candidate.contentType === 'message/feedback-report');
  if (!part) return null;
  const fields = parseHeaderBlock(part.body.split(/\r?\n[ \t]*\r?\n/)[0] ?? '');
  return {
    type: (fields['feedback-type'] ?? '').trim().toLowerCase().slice(0, 64),
    original: messageIdsIn(returned['message-id'])[0] ?? null,
    listUnsubscribe: returned['list-unsubscribe']?.slice(0, 4096) ?? null,
  };
}

// Mail systems that write no RFC 3464 report (qmail's "failure notice", some older servers)
// still send the failure as text from the mailer daemon, with the returned message's headers
// quoted below. Such a message counts as a bounce when it names a permanent failure (a 5.x.x
// status or a 5xx reply) and quotes a Message-ID.
const daemonSenders = /^(mailer-daemon|postmaster|mail-daemon|mail\.daemon)@/i;
const bounceSubjects =
  /(undeliver|delivery status notification|failure notice|delivery failure|mail delivery failed|returned mail|delivery has failed|non-?delivery)/i;

// Characters of an address's local part ([\w.+-]) and of a domain label ([\w-]).
const isWordChar = (code: number) =>
  (code >= 48 && code <= 57) ||
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  code === 95;
const isLocalChar = (code: number) => isWordChar(code) || code === 46 || code === 43 || code === 45;
const isLabelChar = (code: number) => isWordChar(code) || code === 45;

// Where a run of domain-label characters from `from` ends.
function labelEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && isLabelChar(text.charCodeAt(end))) end++;
  return end;
}

// The addresses in a text, in order: what /[\w.+-]+@[\w-]+(\.[\w-]+)+/g finds, found from
// each '@' outwards so that a long run without one is read once (security review 2b: that
// regex took 40 minutes on 2 MB of letters).
export function addressesIn(text: string): string[] {
  const found: string[] = [];
  let earliest = 0;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > earliest && isLocalChar(text.charCodeAt(start - 1))) start--;
    let end = labelEnd(text, at + 1);
    if (start === at || end === at + 1) continue;
    let labels = 0;
    while (text[end] === '.') {
      const after = labelEnd(text, end + 1);
      if (after === end + 1) break;
      end = after;
      labels++;
    }
    if (labels === 0) continue;
    found.push(text.slice(start, end));
    earliest = end;
    at = end - 1;
  }
  return found;
}

export function readPlainBounce(
  fromEmail: string,
  subject: string,
  text: string,
): { bounce: StoredBounce; about: string[] } | null {
  if (!daemonSenders.test(fromEmail) || !bounceSubjects.test(subject)) return null;
  // [ \t]*, not \s*: a line start never reads on over the lines after it.
  const about = [...text.matchAll(/^[ \t]*Message-ID:\s*(<[^<>\s]+>)/gim)].map(
    (match) => match[1] ?? '',
  );
  const lines = text.split(/\r?\n/);
  const failure = lines.find((line) => /\b5\.\d{1,3}\.\d{1,3}\b|\b5\d\d[ -]/.test(line));
  if (about.length === 0 || failure === undefined) return null;
  const status =
    /\b(5\.\d{1,3}\.\d{1,3})\b/.exec(failure)?.[1] ?? /\b(5\d\d)[ -]/.exec(failure)?.[1] ?? '';
  const recipient =
    addressesIn(text).find((address) => !daemonSenders.test(address) && address !== fromEmail) ??
    '';
  return {
    bounce: {
      recipient: recipient.toLowerCase(),
      status,
      diagnostic: failure.trim().slice(0, 300),
    },
    about,
  };
}

// The prefixes mail clients put before a subject they answer or forward, in several languages
// ("Re:", "RE[2]:", "Aw:", "Fwd:", "WG:", "SV:"), as many as there are.
const answerPrefix = /^\s*(re|aw|antw|sv|vs|wg|fwd?|tr|rif|ref)\s*(\[\d+\]|\(\d+\))?\s*:\s*/i;

// A subject as it compares across an answer: prefixes, case and runs of spaces left out.
export function bareSubject(subject: string): string {
  let rest = subject.trim();
  for (
    let next = rest.replace(answerPrefix, '');
    next !== rest;
    next = rest.replace(answerPrefix, '')
  ) {
    rest = next;
  }
  return rest.replace(/\s+/g, ' ').trim().toLowerCase();
}

const quoteStarts = [
  // "On Mon, 4 Mar 2030 at 10:00, Sales <sales@x> wrote:", also wrapped over two lines.
  (line: string, next: string) =>
    /^\s*(On|Am|Le)\s.+/.test(line) &&
    (/(wrote|schrieb|écrit)\s*:\s*$/.test(line) || /(wrote|schrieb|écrit)\s*:\s*$/.test(next)),
  (line: string) => /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/i.test(line),
  (line: string) => /^\s*>/.test(line),
];

// The new part of a message and the quoted earlier messages below it.
export function splitQuoted(text: string): { text: string; quoted: string | null } {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const cut = lines.findIndex((line, index) =>
    quoteStarts.some((starts) => starts(line, lines[index + 1] ?? '')),
  );
  if (cut < 0) return { text: text.trim(), quoted: null };
  const quoted = lines.slice(cut).join('\n').trim();
  return { text: lines.slice(0, cut).join('\n').trim(), quoted: quoted || null };
}

function addresses(value: AddressObject | AddressObject[] | undefined): StoredAddress[] {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return objects.flatMap((object) =>
    object.value.flatMap((address) => [
      ...(address.address ? [{ email: address.address.toLowerCase(), name: address.name }] : []),
      ...(address.group ?? []).map((member) => ({
        email: (member.address ?? '').toLowerCase(),
        name: member.name,
      })),
    ]),
  );
}

// Said below the text of a message read only in part.
export function tooLargeNote(size: number): string {
  const megabytes = (size / (1024 * 1024)).toFixed(1);
  return `[This message is too large to show in full (${megabytes} MB): open it in your mailbox for the rest and its attachments.]`;
}

// Parses one raw message (its first MESSAGE_READ_LIMIT bytes) and tells what it is: a bounce report (multipart/report with a failed
// delivery-status, or a mailer daemon's failure notice in plain text), another delivery
// report, a complaint (a feedback report), an automatic answer, or a person's reply.
export async function readInboundMail(
  source: Buffer | string,
  // The whole message's size when `source` is only its start (IMAP RFC822.SIZE).
  size?: number,
): Promise<InboundMail> {
  const whole = typeof source === 'string' ? Buffer.from(source) : source;
  const read = whole.subarray(0, MESSAGE_READ_LIMIT);
  const fullSize = Math.max(size ?? 0, whole.length);
  const raw = read.toString('utf8');
  const parsed = await simpleParser(read, { skipImageLinks: true, skipTextToHtml: true });
  const subject = parsed.subject ?? '';
  const messageId = messageIdsIn(parsed.messageId)[0] ?? null;
  const inReplyTo = messageIdsIn(parsed.inReplyTo)[0] ?? null;
  const references = messageIdsIn(parsed.references);
  const threadIds = [...(inReplyTo ? [inReplyTo] : []), ...references.toReversed()];
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const contentType = parseContentType(parseHeaderBlock(head)['content-type']);
  const reportType =
    contentType.type === 'multipart/report'
      ? contentType.params['report-type']?.toLowerCase()
      : undefined;
  const isReport = reportType === 'delivery-status' || reportType === 'feedback-report';
  let nature: InboundNature = 'reply';
  let bounce: StoredBounce | null = null;
  let complaint: FeedbackReport | null = null;
  let about = threadIds;
  if (reportType === 'delivery-status') {
    const report = readDeliveryReport(raw);
    bounce = report.bounce;
    nature = bounce ? 'bounce' : 'report';
    about = [...(report.original ? [report.original] : []), ...threadIds];
  } else if (reportType === 'feedback-report') {
    complaint = readFeedbackReport(raw);
    nature = complaint ? 'complaint' : 'report';
    about = [...(complaint?.original ? [complaint.original] : []), ...threadIds];
  }
  const body = parsed.text ?? '';
  const [from] = addresses(parsed.from);
  const plain = isReport ? null : readPlainBounce(from?.email ?? '', subject, body);
  if (plain) {
    nature = 'bounce';
    bounce = plain.bounce;
    about = [...plain.about, ...threadIds];
  } else if (!isReport && looksAutomatic(parsed.headers, subject)) {
    nature = 'auto_reply';
  }
  const split =
    isReport || plain !== null ? { text: body.trim(), quoted: null } : splitQuoted(body);
  return {
    messageId,
    inReplyTo,
    references,
    about: [...new Set(about)],
    nature,
    bounce,
    complaint,
    from: from ?? { email: '', name: '' },
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    subject,
    text: fullSize > read.length ? `${split.text}\n\n${tooLargeNote(fullSize)}` : split.text,
    quotedText: split.quoted,
    date: parsed.date ?? null,
  };
}
