import { bodyToHtml, expandSpintax, stableHash } from '@mailhound/contracts';
import type { LinkTokens } from '../../platform/link-tokens.ts';

export type ComposeInput = {
  publicUrl: string;
  tokens: LinkTokens;
  sendId: string;
  messageId: string;
  from: { name: string; email: string };
  to: { email: string; fname: string; lname: string };
  step: { subject: string; body: string };
  // The first step's subject: a follow-up with that same subject answers it ("Re: …").
  firstSubject: string;
  // Message-IDs of the earlier steps, oldest first.
  earlier: string[];
  sendAsText: boolean;
  linkTracking: boolean;
};

export type ComposedMail = {
  from: { name: string; address: string };
  to: string;
  subject: string;
  messageId: string;
  inReplyTo?: string;
  references?: string[];
  text: string;
  html?: string;
  headers: Record<string, string>;
};

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(first_name|last_name|email|unsubscribe_link)\}\}/g, (_, name) => {
    return values[name as string] ?? '';
  });
}

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

// An href attribute whose value is double-quoted, single-quoted or unquoted (HTML allows all
// three): the value is the first of the three groups that matched.
const hrefAttribute = `(?<=\\s)href\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`;
const hrefPattern = new RegExp(hrefAttribute, 'gi');

// Every pattern below reads a body in one pass, whatever a sender writes (security review 2a):
// a tag ends before the next '<', and a span from an opening tag to its closing one is found by
// `replaceSpans`, which stops at the first opening tag with no closing one after it.
const anyTag = /<[^<>]*>/g;

// Each `open` match up to the first `close` match after it, given to `replace` (null leaves it
// as written). One close serves every opening before it, and once no close follows an opening
// none follows a later one either: the closes are searched for once over the whole body.
export function replaceSpans(
  html: string,
  open: RegExp,
  close: RegExp,
  replace: (openTag: string, inner: string) => string | null,
): string {
  let out = '';
  let from = 0;
  let closing: RegExpExecArray | null = null;
  for (let opening = open.exec(html); opening; opening = open.exec(html)) {
    if (!closing || closing.index < open.lastIndex) {
      close.lastIndex = open.lastIndex;
      closing = close.exec(html);
      if (!closing) break;
    }
    const replaced = replace(opening[0], html.slice(open.lastIndex, closing.index));
    if (replaced === null) continue;
    out += html.slice(from, opening.index) + replaced;
    from = close.lastIndex;
    open.lastIndex = close.lastIndex;
  }
  return out + html.slice(from);
}

// A link as "text (url)", or the url alone when the text is the url or empty.
const anchorAsText = (openTag: string, label: string): string | null => {
  hrefPattern.lastIndex = 0;
  const href = hrefPattern.exec(openTag);
  if (!href) return null;
  const url = href[1] ?? href[2] ?? href[3] ?? '';
  const text = label.replace(anyTag, '').trim();
  return text && text !== url ? `${text} (${url})` : url;
};

// List items as lines of their own, "- " before a bulleted one and "1. ", "2. " before a
// numbered one; the editor wraps each item's text in a paragraph, which is not a blank line.
function listsAsText(html: string): string {
  const numbered = replaceSpans(
    html.replace(/<li([^<>]*)>\s*<p[^<>]*>/gi, '<li$1>').replace(/<\/p>\s*<\/li>/gi, '</li>'),
    /<ol[^<>]*>/gi,
    /<\/ol>/gi,
    (_list, items) => {
      let number = 0;
      return `<ol>${items.replace(/<li[^<>]*>/gi, () => `<li>${++number}. `)}</ol>`;
    },
  );
  return replaceSpans(
    numbered,
    /<ul[^<>]*>/gi,
    /<\/ul>/gi,
    (_list, items) => `<ul>${items.replace(/<li[^<>]*>/gi, '<li>- ')}</ul>`,
  );
}

// The editor's HTML as plain text: a blank line after each paragraph or heading, one line
// break for <br>, a list item or a div (editors write a div per line), links as "text (url)".
export function htmlToPlainText(html: string): string {
  return (
    replaceSpans(listsAsText(html), /<a\s[^<>]*>/gi, /<\/a>/gi, anchorAsText)
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|h[1-6]|blockquote|ul|ol)>/gi, '\n\n')
      .replace(/<\/(div|li)>/gi, '\n')
      .replace(anyTag, '')
      .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => entities[entity] ?? entity)
      // Only a run's first space or tab starts a match: each run is read once.
      .replace(/(?<![ \t])[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/survey/campaign-unsubscribe?unsub=${encodeURIComponent(token)}`;
}

export function oneClickUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/mail/campaigns/unsubscribe/one-click?mlsr=${encodeURIComponent(token)}`;
}

// One campaign e-mail: spintax expanded, variables filled (escaped in HTML), links rewritten to signed redirects
// when tracking, text only when asked, threaded after the first step, and RFC 8058 one-click
// unsubscribe headers on every message.
export function composeMail(input: ComposeInput): ComposedMail {
  const unsubscribeToken = input.tokens.sign({ kind: 'unsubscribe', sendId: input.sendId });
  const unsubscribe = unsubscribeUrl(input.publicUrl, unsubscribeToken);
  const plainValues = {
    first_name: input.to.fname,
    last_name: input.to.lname,
    email: input.to.email,
    unsubscribe_link: unsubscribe,
  };
  const htmlValues = Object.fromEntries(
    Object.entries(plainValues).map(([name, value]) => [name, escapeHtml(value)]),
  );
  // Spintax (issue 25): each group's option is chosen from the contact's address, so a crash
  // and resume send the same words, a follow-up repeating the first subject still answers
  // it, and the Unibox composes the subject the contact saw. A body's choices follow its step.
  const contact = input.to.email.toLowerCase();
  const spunSubject = (subject: string) => expandSpintax(subject, `${contact}/subject`);
  const body = expandSpintax(input.step.body, `${contact}/body/${stableHash(input.step.body)}`);
  // A step saved as plain text (before the editor wrote HTML) goes out as paragraphs.
  let html = fill(bodyToHtml(body), htmlValues);
  if (input.linkTracking && !input.sendAsText) {
    html = html.replace(hrefPattern, (whole, double?: string, single?: string, bare?: string) => {
      const url = (double ?? single ?? bare ?? '').replace(/&amp;/g, '&');
      if (!/^https?:\/\/./i.test(url) || url === unsubscribe) return whole;
      const token = input.tokens.sign({ kind: 'click', sendId: input.sendId, url });
      return `href="${input.publicUrl}/api/mail/tracker/click?mlsr=${encodeURIComponent(token)}"`;
    });
  }
  const isFollowUp = input.earlier.length > 0;
  const firstSubject = fill(spunSubject(input.firstSubject), plainValues);
  const ownSubject = fill(spunSubject(input.step.subject), plainValues);
  // A follow-up with a subject of its own keeps it; one repeating the first step's answers it.
  const subject =
    isFollowUp && (ownSubject.trim() === '' || ownSubject === firstSubject)
      ? `Re: ${firstSubject.replace(/^re:\s*/i, '')}`
      : ownSubject;
  const mail: ComposedMail = {
    from: { name: input.from.name, address: input.from.email },
    to: input.to.email,
    subject,
    messageId: input.messageId,
    text: htmlToPlainText(html),
    headers: {
      'List-Unsubscribe': `<${oneClickUrl(input.publicUrl, unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
  if (!input.sendAsText) mail.html = html;
  if (isFollowUp) {
    mail.inReplyTo = input.earlier[input.earlier.length - 1];
    mail.references = input.earlier;
  }
  return mail;
}
