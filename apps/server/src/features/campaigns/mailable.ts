import { riskyVerdictStatuses } from '@mailhound/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { isSuppressed } from '../suppression/index.ts';
import { latestVerdict } from '../verify/index.ts';

// Bounce protection (issue 25): an address whose latest verdict for its user is invalid is
// never mailed, nor an accept_all or unknown one unless the campaign includes risky addresses
// (includeRisky, a boolean expression); an address never verified is. The tick asks it of
// every contact it plans, and the claim again of each send (a verdict may come in between).
export function skippedByVerdict(userId: SQL, email: SQL, includeRisky: SQL): SQL {
  return sql`coalesce(${latestVerdict(userId, email)}->>'status' = any(case when ${includeRisky}
    then '{invalid}'::text[] else ${`{invalid,${riskyVerdictStatuses.join(',')}}`}::text[] end), false)`;
}

// A contact (customers b) no campaign may mail now: bounced, on the do-not-email list, or left
// out by its address's latest verdict (includeRisky: the campaign's setting).
export function unmailableContact(includeRisky: SQL): SQL {
  return sql`(b.bounced_at is not null or ${isSuppressed(sql`b.user_id`, sql`b.email`)}
  or ${skippedByVerdict(sql`b.user_id`, sql`b.email`, includeRisky)})`;
}
