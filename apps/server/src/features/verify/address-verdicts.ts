import type { Verdict } from '@mailhound/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import { addressVerdicts } from './schema.ts';

// Stores the verdicts of a query's rows (user_id uuid, verdict jsonb) as their users' latest
// on each address; rows without a verdict are left out. One address twice in the rows keeps
// one of them (a statement may not update a row twice).
export function saveVerdictsFrom(rows: SQL): SQL {
  return sql`insert into ${addressVerdicts} (user_id, email, verdict, judged_at)
    select distinct on (v.user_id, lower(v.verdict->>'email'))
      v.user_id, lower(v.verdict->>'email'), v.verdict, now()
    from (${rows}) as v(user_id, verdict)
    where v.verdict is not null and v.verdict->>'email' is not null
    on conflict (user_id, email)
    do update set verdict = excluded.verdict, judged_at = excluded.judged_at`;
}

export async function saveVerdict(db: Queryable, userId: string, verdict: Verdict): Promise<void> {
  await db.execute(
    saveVerdictsFrom(sql`select ${userId}::uuid, ${JSON.stringify(verdict)}::jsonb`),
  );
}

// The latest verdict (jsonb) the user got on an address, or null when nothing judged it: one
// primary-key look-up, so the campaign tick can ask it of every contact it plans.
export function latestVerdict(userId: SQL, email: SQL): SQL {
  return sql`(select av.verdict from ${addressVerdicts} av
    where av.user_id = ${userId} and av.email = lower(${email}))`;
}
