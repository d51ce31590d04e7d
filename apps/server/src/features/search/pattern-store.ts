import type { PatternKnowledge, PatternObservation, PatternStore } from '@mailhound/finder';
import { noPattern } from '@mailhound/finder';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { domainPatterns } from './schema.ts';

// The finder's learnt patterns in PostgreSQL, shared by every API and worker process. One row
// per verified address, so recording an address again replaces its pattern instead of
// counting it twice. The leading pattern is the one most addresses follow (on a tie, the one
// seen first); every other address contradicts it.
export function createPgPatternStore(db: Db): PatternStore {
  return {
    get: async (domain): Promise<PatternKnowledge | null> => {
      const counted = await db.execute<{ pattern: string; addresses: number; first: string }>(sql`
        select ${domainPatterns.pattern} as pattern, count(*)::int as addresses,
               min(${domainPatterns.createdAt})::text as first
        from ${domainPatterns}
        where ${domainPatterns.domain} = ${domain}
        group by ${domainPatterns.pattern}
        order by count(*) desc, min(${domainPatterns.createdAt})`);
      const total = counted.rows.reduce((sum, row) => sum + row.addresses, 0);
      const leading = counted.rows.find((row) => row.pattern !== noPattern);
      if (!leading) return null;
      return {
        pattern: leading.pattern,
        confirmations: leading.addresses,
        contradictions: total - leading.addresses,
      };
    },
    record: async (domain, observation) => {
      await db
        .insert(domainPatterns)
        .values({ domain, email: observation.email.toLowerCase(), pattern: observation.pattern })
        .onConflictDoUpdate({
          target: [domainPatterns.domain, domainPatterns.email],
          set: { pattern: observation.pattern, updatedAt: sql`now()` },
        });
    },
  };
}

// Observations of many addresses in one statement (a bulk worker's chunk), idempotent per
// address as `record` is; of an address given twice, the last counts.
export async function recordPatterns(
  db: Db,
  observations: Array<{ domain: string; observation: PatternObservation }>,
): Promise<void> {
  const rows = new Map<string, { domain: string; email: string; pattern: string }>();
  for (const { domain, observation } of observations) {
    const email = observation.email.toLowerCase();
    rows.set(`${domain} ${email}`, { domain, email, pattern: observation.pattern });
  }
  if (rows.size === 0) return;
  await db
    .insert(domainPatterns)
    .values([...rows.values()])
    .onConflictDoUpdate({
      target: [domainPatterns.domain, domainPatterns.email],
      set: { pattern: sql`excluded.pattern`, updatedAt: sql`now()` },
    });
}
