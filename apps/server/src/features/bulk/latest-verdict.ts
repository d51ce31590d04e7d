import { type SQL, sql } from 'drizzle-orm';
import { verifications } from '../verify/schema.ts';
import { bulkRequests, bulkRows } from './schema.ts';

// The latest verdict (jsonb) the user got on an address, from the Email Verifier or a bulk
// row, whichever came last; null when neither judged it. A single search keeps its evidence,
// not its verdict (verdictOfStored works it out), so it does not count here. Both look-ups
// are index scans (verifications_user_email, bulk_rows_verdict_email), so the campaign tick
// can ask it of every contact it plans.
export function latestVerdict(userId: SQL, email: SQL): SQL {
  return sql`(select v.verdict from (
      select x.verdict, x.settled_at as at from ${verifications} x
      where x.user_id = ${userId} and lower(x.email) = lower(${email}) and x.verdict is not null
      union all
      select r.verdict, q.created_at from ${bulkRows} r join ${bulkRequests} q on q.id = r.request_id
      where lower(r.verdict->>'email') = lower(${email}) and r.verdict is not null
        and q.user_id = ${userId}
    ) v order by v.at desc limit 1)`;
}
