import type { AnalyticsCounts } from '@mailhound/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import type { DayRange } from './range.ts';

export type CountsRow = AnalyticsCounts & {
  scope: 'total' | 'day' | 'campaign' | 'step' | 'variant';
  // The day (YYYY-MM-DD), campaign id, step number or `step/variant` (variant 0 is A) of the
  // row; null for the total.
  key: string | null;
  // The campaign's name and status (campaign rows), the step's or variant's subject.
  name: string | null;
  status: string | null;
  subject: string | null;
};

// Overall analytics break the figures down per campaign (all of the user's, or the one asked
// for); a campaign's analytics per step of its sequence.
export type Scope =
  | { userId: string; campaignId: string | undefined; breakdown: 'campaigns' }
  | { userId: string; campaignId: string; breakdown: 'steps' };

function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

// The figures of one group of events, named as packages/contracts/src/analytics.ts names them.
const counts = sql`
  (count(*) filter (where e.kind = 'sent'))::int as sent,
  (count(*) filter (where e.kind = 'sent' and not e.bounced))::int as delivered,
  (count(*) filter (where e.kind = 'sent' and e.bounced))::int as bounced,
  (count(distinct (e.campaign_id, e.customer_id)) filter (where e.kind = 'sent'))::int as contacted,
  (count(*) filter (where e.kind = 'reply'))::int as replied,
  (count(*) filter (where e.kind = 'unsubscribe'))::int as unsubscribed,
  (count(*) filter (where e.kind = 'click'))::int as clicked,
  (count(*) filter (where e.kind = 'sent' and e.complained))::int as complained`;

// One statement: every counted event of the campaigns in scope within the range (each on its
// own moment, see the definitions in packages/contracts/src/analytics.ts), then the total, one
// row per day of the range (zero-filled) and one per campaign or per step. `events` is read
// three times, so PostgreSQL computes it once.
//
// - sent / bounced: a send the mail server answered (sent or bounced), on
//   coalesce(sent_at, sending_at, scheduled_at): a refusal at SMTP time has no sent_at.
// - reply: campaign_contacts.replied_at (the first real reply), counted for the step (and
//   variant) of the last send that went out before it (the first step when none did).
// - unsubscribe: a contact's first unsubscribe from the campaign, for the step of its send.
// - click: a send's first tracked click.
// - complained: a sent row whose send has a complaint unsubscribe (the Unibox's feedback
//   reports), counted with the send as bounced is.
function countsStatement(scope: Scope, range: DayRange): SQL {
  const lo = sql`${`${range.from}T00:00:00Z`}::timestamptz`;
  const hi = sql`${`${dayAfter(range.to)}T00:00:00Z`}::timestamptz`;
  const only = scope.campaignId === undefined ? sql`` : sql`and id = ${scope.campaignId}`;
  const perGroup =
    scope.breakdown === 'campaigns'
      ? sql`
        select 'campaign' as scope, c.id::text as key, c.name, c.status, null as subject,
          row_number() over (order by c.created_at desc, c.id)::int as ord, ${counts}
        from campaigns c left join events e on e.campaign_id = c.id
        where c.id in (select id from scope)
        group by c.id`
      : sql`
        select 'step', st.n::text, null, null, st.subject, st.n, ${counts}
        from (
          select n, coalesce(c.steps -> (n - 1) ->> 'subject', '') as subject
          from campaigns c
          cross join lateral generate_series(
            1, greatest(jsonb_array_length(c.steps), (select coalesce(max(step) + 1, 0) from events))
          ) as n
          where c.id = ${scope.campaignId}
        ) st left join events e on e.step + 1 = st.n
        group by st.n, st.subject
        union all
        select 'variant', sv.n || '/' || sv.v, null, null, sv.subject, sv.n * 4 + sv.v, ${counts}
        from (
          select n, v, coalesce(case when v = 0 then c.steps -> (n - 1) ->> 'subject'
            else c.steps -> (n - 1) -> 'variants' -> (v - 1) ->> 'subject' end, '') as subject
          from campaigns c
          cross join lateral generate_series(
            1, greatest(jsonb_array_length(c.steps), (select coalesce(max(step) + 1, 0) from events))
          ) as n
          -- A variant since removed from the step still shows what it sent.
          cross join lateral generate_series(0, greatest(
            coalesce(jsonb_array_length(c.steps -> (n - 1) -> 'variants'), 0),
            (select coalesce(max(variant), 0) from events where step = n - 1)
          )) as v
          where c.id = ${scope.campaignId}
        ) sv left join events e on e.step + 1 = sv.n and e.variant = sv.v
        group by sv.n, sv.v, sv.subject`;
  return sql`
    with scope as (
      select id from campaigns where user_id = ${scope.userId} ${only}
    ),
    events as (
      select 'sent' as kind, s.campaign_id, s.customer_id, s.step, s.variant,
        s.status = 'bounced' as bounced,
        exists (select 1 from unsubscribes u
                where u.send_id = s.id and u.source = 'complaint') as complained,
        coalesce(s.sent_at, s.sending_at, s.scheduled_at) as at
      from scope join campaign_sends s on s.campaign_id = scope.id
      where s.status in ('sent', 'bounced')
        and coalesce(s.sent_at, s.sending_at, s.scheduled_at) >= ${lo}
        and coalesce(s.sent_at, s.sending_at, s.scheduled_at) < ${hi}
      union all
      select 'reply', cc.campaign_id, cc.customer_id, r.step, r.variant, false, false,
        cc.replied_at
      from scope join campaign_contacts cc on cc.campaign_id = scope.id
      left join lateral (
        select s.step, s.variant from campaign_sends s
        where s.campaign_id = cc.campaign_id and s.customer_id = cc.customer_id
        order by coalesce(s.sent_at <= cc.replied_at, false) desc,
          case when s.sent_at <= cc.replied_at then s.sent_at end desc, s.step
        limit 1
      ) r on true
      where cc.replied_at >= ${lo} and cc.replied_at < ${hi}
      union all
      select 'unsubscribe', u.campaign_id, u.customer_id, s.step, s.variant, false, false,
        u.created_at
      from (
        select distinct on (u.campaign_id, u.customer_id)
          u.campaign_id, u.customer_id, u.send_id, u.created_at
        from scope join unsubscribes u on u.campaign_id = scope.id
        where u.created_at < ${hi}
        order by u.campaign_id, u.customer_id, u.created_at
      ) u left join campaign_sends s on s.id = u.send_id
      where u.created_at >= ${lo}
      union all
      select 'click', s.campaign_id, s.customer_id, s.step, s.variant, false, false,
        min(l.clicked_at)
      from scope join campaign_sends s on s.campaign_id = scope.id
        join link_clicks l on l.send_id = s.id
      where l.clicked_at < ${hi}
      group by s.id
      having min(l.clicked_at) >= ${lo}
    )
    select 'total' as scope, null as key, null as name, null as status, null as subject, 0 as ord,
      ${counts}
    from events e
    union all
    select 'day', to_char(d.day, 'YYYY-MM-DD'), null, null, null, d.n, ${counts}
    from (
      select n, ${range.from}::date + n as day
      from generate_series(0, ${range.to}::date - ${range.from}::date) as n
    ) d left join events e on (e.at at time zone 'UTC')::date = d.day
    group by d.n, d.day
    union all
    ${perGroup}
    order by scope, ord`;
}

export async function countEvents(
  db: Queryable,
  scope: Scope,
  range: DayRange,
): Promise<CountsRow[]> {
  const result = await db.execute<CountsRow>(countsStatement(scope, range));
  return result.rows;
}
