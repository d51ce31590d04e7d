import type { ThreadMessage } from '@mailhound/contracts';
import { escapeHtml } from '../sender/index.ts';

export type ForwardedParts = { text: string; html: string };

const FORWARD_LINE = '---------- Forwarded message ---------';

const addressText = (address: { email: string; name: string }) =>
  address.name ? `${address.name} <${address.email}>` : address.email;

// The block mail clients put under a forward's note: who wrote the message, when, about what and
// to whom, then its body (its quoted part included, as it was received), as text and as HTML.
export function forwardedBlock(message: ThreadMessage): ForwardedParts {
  const header = [
    FORWARD_LINE,
    `From: ${addressText(message.from)}`,
    `Date: ${new Date(message.date).toUTCString()}`,
    `Subject: ${message.subject}`,
    `To: ${message.to.map(addressText).join(', ')}`,
    ...(message.cc.length > 0 ? [`Cc: ${message.cc.map(addressText).join(', ')}`] : []),
  ];
  const body = [message.text, message.quoted_text ?? ''].filter(Boolean).join('\n\n');
  const text = `${header.join('\n')}\n\n${body}`;
  const htmlLines = (lines: string) => escapeHtml(lines).replace(/\r?\n/g, '<br>\n');
  const html = `<div class="forwarded-message">${htmlLines(header.join('\n'))}<br>\n<br>\n${htmlLines(body)}</div>`;
  return { text, html };
}
