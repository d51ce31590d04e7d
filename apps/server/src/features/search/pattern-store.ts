import {
  bouncedOf,
  type EvidenceView,
  everyObservation,
  evidenceFor,
  knowledgeOf,
  type ObservationSource,
  ownersOf,
  type PatternKnowledge,
  type PatternObservation,
  type PatternStore,
  type RecordedObservation,
  replacesObservation,
} from '@mailhound/finder';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { domainPatterns } from './schema.ts';

const rowOf = (domain: string, observation: PatternObservation) => {
  const source = observation.source ?? 'verified';
  return {
    domain,
    email: observation.email.toLowerCase(),
    pattern: observation.pattern,
    source,
    owner: observation.owner ?? null,
    observer: observation.observer ?? '',
  };
};

// An observer's latest observation of an address wins, except that only a reply undoes a
// bounce (a re-imported list does not bring a dead address back), and a delivery replaces only
// an earlier delivery, or a user's contact at a domain where that user saw a bounce (the
// finder's replacesObservation, README: the delivered source). One observer's observation
// never replaces another's: each has its own row.
const domainBounces = sql`exists (select 1 from ${domainPatterns} as bounced
  where bounced.domain = excluded.domain and bounced.observer = excluded.observer
    and bounced.source = 'bounce')`;
const bounceKept = sql`(${domainPatterns.source} = 'bounce' and excluded.source <> 'reply')
  or (excluded.source = 'delivered' and not (${domainPatterns.source} = 'delivered'
    or (${domainPatterns.source} = 'known' and ${domainBounces})))`;
const latestWins = {
  target: [domainPatterns.domain, domainPatterns.email, domainPatterns.observer],
  set: {
    pattern: sql`case when ${bounceKept} then ${domainPatterns.pattern} else excluded.pattern end`,
    source: sql`case when ${bounceKept} then ${domainPatterns.source} else excluded.source end`,
    owner: sql`case when ${bounceKept} then ${domainPatterns.owner} else coalesce(excluded.owner, ${domainPatterns.owner}) end`,
    // A kept observation keeps its time: an old bounce a re-imported contact leaves in place
    // stays old (only recent bounces make a domain bouncing); a new bounce of it is new.
    updatedAt: sql`case when (${bounceKept}) and excluded.source <> 'bounce'
      then ${domainPatterns.updatedAt} else now() end`,
  },
};

// Many observations at once (an upload, an import, a bulk worker's chunk), 1,000 rows per
// statement; within a
// statement the last observation of an address wins, as it would one by one.
export async function recordObservations(
  db: Db,
  observations: ReadonlyArray<{ domain: string; observation: PatternObservation }>,
): Promise<void> {
  for (let start = 0; start < observations.length; start += 1000) {
    const rows = new Map<string, ReturnType<typeof rowOf>>();
    const chunk = observations
      .slice(start, start + 1000)
      .map((o) => rowOf(o.domain, o.observation));
    const bouncing = new Set(
      chunk.filter((r) => r.source === 'bounce').map((r) => `${r.domain} ${r.observer}`),
    );
    for (const row of chunk) {
      const key = `${row.domain} ${row.email} ${row.observer}`;
      const bounces = bouncing.has(`${row.domain} ${row.observer}`);
      if (replacesObservation(rows.get(key)?.source, row.source, bounces)) rows.set(key, row);
    }
    await db
      .insert(domainPatterns)
      .values([...rows.values()])
      .onConflictDoUpdate(latestWins);
  }
}

type ReadRow = {
  email: string;
  pattern: string;
  source: ObservationSource;
  owner: string | null;
  observer: string;
  at: number;
};
const recordedOf = (row: ReadRow): RecordedObservation => ({
  email: row.email,
  pattern: row.pattern,
  source: row.source,
  at: row.at,
  ...(row.owner === null ? {} : { owner: row.owner }),
  ...(row.observer === '' ? {} : { observer: row.observer }),
});

// Every observer's observations of addresses at a domain (those in the array `which`: one
// primary-key probe each), in the order they were first recorded.
export async function observationsAt(
  db: Db,
  domain: string,
  which?: SQL,
): Promise<RecordedObservation[]> {
  const found = await db.execute<ReadRow>(sql`
    select email, pattern, source, owner, observer,
           (extract(epoch from updated_at) * 1000)::float8 as at
    from ${domainPatterns}
    where domain = ${domain} ${which ? sql`and email = any(${which})` : sql``}
    order by created_at, email, observer`);
  return found.rows.map(recordedOf);
}

// What get() weighs, read in one statement whose answer is bounded by the number of patterns,
// sources and other users' shared addresses, not by the domain's size, with the knowledge
// evidenceFor gives from every row. Most addresses have one row that needs no comparison: one
// observation of the viewer's or the finder's own, with fewer than minObservers other users'
// rows beside it (they cannot agree on a fact there). PostgreSQL counts those per pattern and
// source and sends the first address of each count (the order addresses were first seen
// decides a tie between patterns), as when its count's latest bounce was seen (whether the
// domain is bouncing). An address only one other user saw counts only within that user's
// budget, the most recent first: only each user's maxPerObserver latest can, and only those
// are sent. Every other address (several own rows, other users who might agree, their bounces)
// is sent whole, and evidenceFor weighs what is sent.
async function knowledgeAt(
  db: Db,
  domain: string,
  view: EvidenceView,
): Promise<PatternKnowledge | null> {
  const counted = sql`own_rows = 1 and other_rows < ${view.minObservers}`;
  const found = await db.execute<ReadRow & { counted: number | null }>(sql`
    with addresses as (
      select email, min(created_at) as first_at,
             count(*) filter (where own)::int as own_rows,
             count(*) filter (where not own)::int as other_rows,
             -- The address's only own row, where it has one (one value: compared as bytes),
             -- and when it bounced.
             min(pattern collate "C") filter (where own) as pattern,
             min(source collate "C") filter (where own) as source,
             max(updated_at) filter (where own and source = 'bounce') as bounced_at
      from (select email, pattern, source, created_at, updated_at,
                   observer = '' or observer = ${view.viewer ?? ''} as own
            from ${domainPatterns} where domain = ${domain}) as seen
      group by email
    ),
    counts as (
      select pattern, source, count(*)::int as counted, min(first_at) as first_at,
             max(bounced_at) as bounced_at
      -- Grouped with the others and kept after (not filtered before): the planner then
      -- expects as many rows as there are, and hashes them instead of sorting.
      from addresses group by ${counted}, pattern, source having bool_and(${counted})
    ),
    rest as (
      select row.*, address.first_at,
             address.own_rows = 0 and address.other_rows = 1 and row.source <> 'bounce'
               as theirs
      -- One primary-key probe per address, whatever the planner guesses of their number.
      from addresses as address cross join lateral (
        select * from ${domainPatterns} as row
        where row.domain = ${domain} and row.email = address.email offset 0) as row
      where not (${counted})
    )
    select email, pattern, source, owner, observer,
           (extract(epoch from updated_at) * 1000)::float8 as at, counted, first_at, created_at
    from (
      select email, pattern, source, owner, observer, created_at, updated_at, first_at,
             null::int as counted
      from rest where not theirs
      union all
      select email, pattern, source, owner, observer, created_at, updated_at, first_at, null
      from (select *, row_number() over (partition by observer
                                         order by updated_at desc, first_at, email) as rank
            from rest where theirs) as ranked
      where rank <= ${view.maxPerObserver}
      union all
      -- The first address of each count, as when its latest bounce was seen.
      (select distinct on (pattern, source)
              address.email, pattern, source, null, '', first_at,
              coalesce(counts.bounced_at, first_at), first_at, counts.counted
       from addresses as address join counts using (pattern, source, first_at)
       where ${counted}
       order by pattern, source, address.email)
    ) as sent
    order by first_at, email, created_at, observer`);
  // The first address of each count stands for it; the others are added to its count.
  const rows = found.rows.map(recordedOf);
  const unsent = new Map(
    found.rows.flatMap((row) =>
      row.counted === null ? [] : [[`${row.pattern} ${row.source}`, row.counted - 1] as const],
    ),
  );
  const evidence = evidenceFor(rows, view);
  const counts = evidence.counts.map((count) => ({
    ...count,
    count: count.count + (unsent.get(`${count.pattern} ${count.source}`) ?? 0),
  }));
  return knowledgeOf({ ...evidence, counts });
}

// The finder's learnt patterns in PostgreSQL, shared by every API and worker process. One row
// per address and observer with its latest observation (an address a user told us, source
// known, is only counted: nothing reads an address back but bounced()), so recording an
// address again replaces it instead of counting it twice; what counts for whom, and the
// weighted counts per source, are the finder's (evidenceFor, knowledgeFrom).
export function createPgPatternStore(db: Db): PatternStore {
  const bouncedAt = (domain: string) =>
    sql`array(select email from ${domainPatterns} where domain = ${domain} and source = 'bounce')`;
  const evidence = async (domain: string, view: EvidenceView | undefined, which?: SQL) =>
    evidenceFor(await observationsAt(db, domain, which), view);
  return {
    get: (domain, view) => knowledgeAt(db, domain, view ?? everyObservation),
    record: async (domain, observation) => {
      await db
        .insert(domainPatterns)
        .values(rowOf(domain, observation))
        .onConflictDoUpdate(latestWins);
    },
    // Only the addresses someone saw bounce (the partial index domain_patterns_bounces).
    bounced: async (domain, view) => bouncedOf(await evidence(domain, view, bouncedAt(domain))),
    // The addresses asked, and those someone saw bounce: whether the domain is bouncing
    // decides whether a delivery replaces a contact (replacesObservation).
    owners: async (domain, emails, view) => {
      const asked = [...new Set(emails)];
      if (asked.length === 0) return [];
      const which = sql`array[${sql.join(
        asked.map((email) => sql`${email}`),
        sql`, `,
      )}]::text[] || ${bouncedAt(domain)}`;
      return ownersOf(await evidence(domain, view, which), asked);
    },
    // Through the partial index domain_patterns_observers.
    observedBy: async (domain, observer) => {
      const found = await db.execute(sql`select 1 from ${domainPatterns}
        where domain = ${domain} and observer = ${observer} and observer <> '' limit 1`);
      return found.rows.length > 0;
    },
  };
}
