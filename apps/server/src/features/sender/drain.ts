import { and, asc, eq, lte } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/database.ts';
import { createLinkTokens } from '../../platform/link-tokens.ts';
import type { MailConnections } from '../../platform/mail/connections.ts';
import { createMailTransports } from '../../platform/mail/mail-transports.ts';
import { campaignSends } from './schema.ts';
import { type SendDeps, type SendResult, sendOne } from './send-one.ts';

export function senderDeps(
  config: Config,
  db: Db,
  now: () => Date,
  connections: MailConnections,
): SendDeps {
  return {
    db,
    now,
    publicUrl: config.publicUrl,
    tokens: createLinkTokens(config.tracking.secret),
    transports: createMailTransports(connections),
  };
}

// Sends every queued e-mail that is due, `concurrency` at a time, without the job queue (the
// crash test's worker and the bench). Two drains at once are safe: each row is claimed once.
export async function drainDueSends(
  deps: SendDeps,
  concurrency: number,
): Promise<Record<SendResult['status'], number>> {
  const totals: Record<SendResult['status'], number> = {
    sent: 0,
    bounced: 0,
    failed: 0,
    sending: 0,
    retry: 0,
    skipped: 0,
  };
  for (;;) {
    const due = await deps.db
      .select({ id: campaignSends.id })
      .from(campaignSends)
      .where(and(eq(campaignSends.status, 'queued'), lte(campaignSends.scheduledAt, deps.now())))
      .orderBy(asc(campaignSends.scheduledAt))
      .limit(concurrency * 20);
    if (due.length === 0) return totals;
    let next = 0;
    const lane = async () => {
      while (next < due.length) {
        const row = due[next];
        next += 1;
        if (row) totals[(await sendOne(deps, row.id)).status] += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
  }
}
