import {
  bouncedOf,
  type EvidenceView,
  evidenceFor,
  knowledgeOf,
  type ObservationSource,
  ownersOf,
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
    updatedAt: sql`now()`,
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
async function observationsAt(db: Db, domain: string, which?: SQL): Promise<RecordedObservation[]> {
  const found = await db.execute<ReadRow>(sql`
    select email, pattern, source, owner, observer,
           (extract(epoch from updated_at) * 1000)::float8 as at
    from ${domainPatterns}
    where domain = ${domain} ${which ? sql`and email = any(${which})` : sql``}
    order by created_at, email, observer`);
  return found.rows.map(recordedOf);
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
    get: async (domain, view) => knowledgeOf(await evidence(domain, view)),
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
  };
}
