import { createHash } from 'node:crypto';
import {
  knowledgeFrom,
  type ObservationSource,
  type PatternKnowledge,
  type PatternStore,
} from '@mailhound/finder';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { domainPatterns } from './schema.ts';

// An address a user told us (an upload or an import) teaches the pattern only: it is kept as
// a digest, so it still counts once, but no other user's lookup can ever see it.
const storedAddress = (email: string, source: ObservationSource): string =>
  source === 'known'
    ? `sha256:${createHash('sha256').update(email.toLowerCase()).digest('hex')}`
    : email.toLowerCase();

// The finder's learnt patterns in PostgreSQL, shared by every API and worker process. One row
// per address and its latest observation, so recording an address again replaces it instead
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
      const source = observation.source ?? 'verified';
      await db
        .insert(domainPatterns)
        .values({
          domain,
          email: storedAddress(observation.email, source),
          pattern: observation.pattern,
          source,
        })
        .onConflictDoUpdate({
          target: [domainPatterns.domain, domainPatterns.email],
          set: { pattern: observation.pattern, source, updatedAt: sql`now()` },
        });
    },
    bounced: async (domain) => {
      const rows = await db
        .select({ email: domainPatterns.email })
        .from(domainPatterns)
        .where(and(eq(domainPatterns.domain, domain), eq(domainPatterns.source, 'bounce')));
      return rows.map((row) => row.email);
    },
  };
}
