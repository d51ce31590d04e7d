import {
  type Verdict,
  type VerifyChecks,
  type VerifyStatus,
  verifyChecksSchema,
} from '@mailhound/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { addressVerdicts } from './schema.ts';

// The user's latest verdict status on each address, by address.
export function latestStatuses(db: Db, userId: string) {
  return db
    .select({ email: addressVerdicts.email, status: sql<string>`verdict->>'status'` })
    .from(addressVerdicts)
    .where(eq(addressVerdicts.userId, userId))
    .orderBy(addressVerdicts.email);
}

// A verdict where only the status matters: every check false, no SMTP reply.
const noChecks = Object.fromEntries(
  Object.keys(verifyChecksSchema.shape).map((check) => [check, false]),
) as VerifyChecks;
export const verdictWith = (email: string, status: VerifyStatus, reason: string): Verdict => ({
  email,
  status,
  score: status === 'valid' ? 99 : 0,
  reason,
  ...noChecks,
  smtp_reply: null,
});
