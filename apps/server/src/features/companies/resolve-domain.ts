import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { normaliseCompanyName } from './company-name.ts';

// Company name → domain for the finder. An exact match of the normalised name wins (the
// largest company when several share it); otherwise the closest name by trigram similarity,
// only when it is close enough and clearly closer than the next one. A wrong domain would
// make the finder verify a stranger's address, so an unclear name resolves to nothing.

export const fuzzyThreshold = 0.6;
export const fuzzyGap = 0.1;

export type Resolution = {
  domain: string;
  companyName: string;
  match: 'exact' | 'fuzzy';
  similarity: number;
};

export async function resolveCompanyDomain(db: Db, name: string): Promise<Resolution | null> {
  const normalised = normaliseCompanyName(name);
  if (normalised === '') return null;
  const exact = await db.execute<{ domain: string; name: string }>(sql`
    select domain, name from companies where name_normalised = ${normalised}
    order by employees desc nulls last, id limit 1`);
  const found = exact.rows[0];
  if (found)
    return { domain: found.domain, companyName: found.name, match: 'exact', similarity: 1 };

  // `%` uses the trigram index with the threshold set for this transaction only.
  const close = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${String(fuzzyThreshold)}, true)`,
    );
    return tx.execute<{ domain: string; name: string; normalised: string; similarity: number }>(sql`
      select domain, name, name_normalised as normalised,
        similarity(name_normalised, ${normalised}) as similarity
      from companies where name_normalised % ${normalised}
      order by similarity desc, employees desc nulls last, id limit 20`);
  });
  const [best] = close.rows;
  if (!best) return null;
  // Companies of the same name are one candidate (the largest first, as for exact matches).
  const runnerUp = close.rows.find((row) => row.normalised !== best.normalised);
  if (runnerUp && best.similarity - runnerUp.similarity < fuzzyGap) return null;
  return {
    domain: best.domain,
    companyName: best.name,
    match: 'fuzzy',
    similarity: best.similarity,
  };
}
