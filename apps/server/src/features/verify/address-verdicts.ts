import type { Verdict } from '@mailhound/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import { addressVerdicts } from './schema.ts';

// Stores the verdicts of a query's rows (user_id uuid, verdict jsonb, judged_at timestamptz)
// as their users' latest on each address; rows without a verdict are left out.
//
// judged_at is when the lookup that gave the verdict began (a verification's or a search's
// start, the time a bulk chunk's rows were read): the mail server answered at some moment
// between the start and the result, and the start is the bound a verdict can never be
// fresher than. A verdict replaces only one judged no later, whenever it is committed: a
// bulk session that began at minute 0 and greylisting kept until minute 6 does not replace
// the Email Verifier check begun at minute 2 (issue 25). Its finish time would claim minute
// 6 for an answer perhaps given at minute 0; with the start, the worst case is that a check
// the user made stands against a slow session that heard the server after it.
//
// One address twice in the rows (its case may differ) keeps one of them, as if they had
// been saved one by one in order of judgement: the latest judged; of one moment a conclusive
// status before the others (an `unknown` says the server did not answer, not that the
// mailbox is otherwise), `invalid` before `valid` (the one that keeps a campaign from
// mailing), then the rest in the contracts' order; then by the address as written.
export function saveVerdictsFrom(rows: SQL): SQL {
  return sql`insert into ${addressVerdicts} (user_id, email, verdict, judged_at)
    select distinct on (v.user_id, lower(v.verdict->>'email'))
      v.user_id, lower(v.verdict->>'email'), v.verdict, v.judged_at
    from (${rows}) as v(user_id, verdict, judged_at)
    where v.verdict is not null and v.verdict->>'email' is not null
    order by v.user_id, lower(v.verdict->>'email'), v.judged_at desc,
      array_position(array['invalid', 'valid', 'accept_all', 'webmail', 'disposable', 'unknown'],
        v.verdict->>'status'),
      v.verdict->>'email'
    on conflict (user_id, email)
    do update set verdict = excluded.verdict, judged_at = excluded.judged_at
    where ${addressVerdicts}.judged_at <= excluded.judged_at`;
}

// Saves one verdict judged at `judgedAt` (see saveVerdictsFrom: when its lookup began).
export async function saveVerdict(
  db: Queryable,
  userId: string,
  verdict: Verdict,
  judgedAt: Date,
): Promise<void> {
  await db.execute(
    saveVerdictsFrom(
      sql`select ${userId}::uuid, ${JSON.stringify(verdict)}::jsonb, ${judgedAt.toISOString()}::timestamptz`,
    ),
  );
}

// The latest verdict (jsonb) the user got on an address, or null when nothing judged it: one
// primary-key look-up, so the campaign tick can ask it of every contact it plans.
export function latestVerdict(userId: SQL, email: SQL): SQL {
  return sql`(select av.verdict from ${addressVerdicts} av
    where av.user_id = ${userId} and av.email = lower(${email}))`;
}
