import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import type { LinkTokens } from '../../platform/link-tokens.ts';
import { campaignSends } from '../sender/schema.ts';
import type { FeedbackReport } from './classify.ts';
import { type OurSend, sendColumns } from './our-sends.ts';

// The feedback types that are a complaint about our mail (RFC 5965 §7.3): 'abuse' is the
// "this is spam" button, 'fraud' a phishing report. 'not-spam', 'virus', 'other' and the
// authentication-failure reports suppress no one.
const complaintTypes = ['abuse', 'fraud'];

export function isComplaint(report: FeedbackReport): boolean {
  return complaintTypes.includes(report.type);
}

// The signed unsubscribe token of the List-Unsubscribe header we put on every campaign mail
// (sender/compose.ts): it names the send even when a relay rewrote the Message-ID.
function sendIdOf(tokens: LinkTokens, listUnsubscribe: string | null): string | null {
  for (const [, url] of (listUnsubscribe ?? '').matchAll(/<([^<>\s]+)>/g)) {
    let token: string | null = null;
    try {
      token = new URL(url ?? '').searchParams.get('mlsr');
    } catch {
      continue;
    }
    const parsed = token ? tokens.verify(token) : undefined;
    if (parsed?.kind === 'unsubscribe') return parsed.sendId;
  }
  return null;
}

// The send a feedback report complains about, when the report names no Message-ID of ours: by
// our signed List-Unsubscribe token in the returned headers, and only a send of this user.
// The report's recipient fields (Original-Rcpt-To, Removal-Recipient) are never used: whoever
// writes the report writes them, so anyone could unsubscribe any lead by naming them.
export async function findComplainedSend(
  db: Queryable,
  tokens: LinkTokens,
  userId: string,
  report: FeedbackReport,
): Promise<OurSend | null> {
  const sendId = sendIdOf(tokens, report.listUnsubscribe);
  if (!sendId) return null;
  const [send] = await db
    .select(sendColumns)
    .from(campaignSends)
    .where(and(eq(campaignSends.id, sendId), eq(campaignSends.userId, userId)));
  return send ?? null;
}
