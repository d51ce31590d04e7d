import {
  type AddressOwner,
  knowledgeFrom,
  type ObservationSource,
  type PatternKnowledge,
  type PatternObservation,
  type PatternStore,
  replacesObservation,
} from '@mailhound/finder';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
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
  };
};

// The latest observation of an address wins, except that only a reply undoes a bounce (a
// re-imported list does not bring a dead address back), and a delivery replaces only an
// earlier delivery, or a user's contact at a domain with a bounce (the finder's
// replacesObservation, README: the delivered source).
const domainBounces = sql`exists (select 1 from ${domainPatterns} as bounced
  where bounced.domain = excluded.domain and bounced.source = 'bounce')`;
const bounceKept = sql`(${domainPatterns.source} = 'bounce' and excluded.source <> 'reply')
  or (excluded.source = 'delivered' and not (${domainPatterns.source} = 'delivered'
    or (${domainPatterns.source} = 'known' and ${domainBounces})))`;
const latestWins = {
  target: [domainPatterns.domain, domainPatterns.email],
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
    const bouncing = new Set(chunk.filter((r) => r.source === 'bounce').map((r) => r.domain));
    for (const row of chunk) {
      const key = `${row.domain} ${row.email}`;
      if (replacesObservation(rows.get(key)?.source, row.source, bouncing.has(row.domain)))
        rows.set(key, row);
    }
    await db
      .insert(domainPatterns)
      .values([...rows.values()])
      .onConflictDoUpdate(latestWins);
  }
}

// The finder's learnt patterns in PostgreSQL, shared by every API and worker process. One row
// per address and its latest observation (an address a user told us, source known, is only
// counted: nothing reads an address back but bounced()), so recording an address again replaces it instead
// of counting it twice; the weighted counts per source are the finder's (knowledgeFrom).
export function createPgPatternStore(db: Db): PatternStore {
  return {
    get: async (domain): Promise<PatternKnowledge | null> => {
      const counted = await db.execute<{
        pattern: string;
        source: ObservationSource;
        count: number;
      }>(sql`
        select ${domainPatterns.pattern} as pattern, ${domainPatterns.source} as source,
               count(*)::int as count
        from ${domainPatterns}
        where ${domainPatterns.domain} = ${domain}
        group by ${domainPatterns.pattern}, ${domainPatterns.source}
        order by min(${domainPatterns.createdAt})`);
      return knowledgeFrom(counted.rows);
    },
    record: async (domain, observation) => {
      await db
        .insert(domainPatterns)
        .values(rowOf(domain, observation))
        .onConflictDoUpdate(latestWins);
    },
    bounced: async (domain) => {
      const rows = await db
        .select({ email: domainPatterns.email })
        .from(domainPatterns)
        .where(and(eq(domainPatterns.domain, domain), eq(domainPatterns.source, 'bounce')));
      return rows.map((row) => row.email);
    },
    owners: async (domain, emails) => {
      if (emails.length === 0) return [];
      const rows = await db
        .select({
          email: domainPatterns.email,
          owner: domainPatterns.owner,
          source: domainPatterns.source,
        })
        .from(domainPatterns)
        .where(
          and(
            eq(domainPatterns.domain, domain),
            inArray(domainPatterns.email, [...new Set(emails)]),
            isNotNull(domainPatterns.owner),
            ne(domainPatterns.source, 'bounce'),
          ),
        );
      return rows.map(
        (row): AddressOwner => [row.email, row.owner ?? '', row.source as ObservationSource],
      );
    },
  };
}
