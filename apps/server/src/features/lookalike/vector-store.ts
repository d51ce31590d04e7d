import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/database.ts';
import { type SparseVector, termCounts, textPipelineVersion, tfidfVector } from './text-vectors.ts';

// Description vectors are computed once per company and stored. `refreshAllVectors` counts
// the terms' document frequencies over every description and recomputes every vector (after an
// import or the seed); `vectoriseNewCompanies` adds the vectors of companies added or changed
// since, against the stored frequencies (the look-alike job runs it first), or all of them
// when the stored ones were computed by another version of the text pipeline.

const batchSize = 2000;

type DescriptionRow = { id: number; description: string | null; updated_at: string };

async function* descriptions(db: Queryable, onlyStale: boolean): AsyncGenerator<DescriptionRow[]> {
  let after = 0;
  for (;;) {
    const stale = onlyStale
      ? sql`and not exists (select 1 from company_vectors v
          where v.company_id = c.id and v.source_updated_at >= c.updated_at)`
      : sql``;
    const result = await db.execute<DescriptionRow>(sql`
      select c.id::int as id, c.description, c.updated_at::text as updated_at from companies c
      where c.id > ${after} ${stale} order by c.id limit ${batchSize}`);
    if (result.rows.length === 0) return;
    yield result.rows;
    after = result.rows.at(-1)!.id;
  }
}

async function writeVectors(
  db: Queryable,
  rows: ReadonlyArray<{ id: number; updatedAt: string; vector: SparseVector }>,
): Promise<void> {
  if (rows.length === 0) return;
  // Arrays of arrays do not pass through unnest; each vector travels as JSON.
  await db.execute(sql`
    insert into company_vectors (company_id, terms, weights, source_updated_at)
    select v.id, array(select jsonb_array_elements_text(v.terms)),
      array(select jsonb_array_elements_text(v.weights)::real), v.updated_at
    from jsonb_to_recordset(${JSON.stringify(
      rows.map((row) => ({
        id: row.id,
        terms: row.vector.terms,
        weights: row.vector.weights,
        updated_at: row.updatedAt,
      })),
    )}::jsonb) as v(id bigint, terms jsonb, weights jsonb, updated_at timestamptz)
    on conflict (company_id) do update set terms = excluded.terms, weights = excluded.weights,
      source_updated_at = excluded.source_updated_at`);
}

export type Frequencies = {
  documents: number;
  textVersion: number;
  of: (term: string) => number;
};

export async function readFrequencies(db: Queryable, terms?: readonly string[]) {
  const corpus = await db.execute<{ documents: number; text_version: number }>(
    sql`select documents, text_version from description_corpus where id = 1`,
  );
  const filter = terms ? sql`where term = any(${sql.param([...terms])}::text[])` : sql``;
  const rows = await db.execute<{ term: string; documents: number }>(
    sql`select term, documents from description_terms ${filter}`,
  );
  const map = new Map(rows.rows.map((row) => [row.term, row.documents]));
  return {
    documents: corpus.rows[0]?.documents ?? 0,
    textVersion: corpus.rows[0]?.text_version ?? 0,
    of: (term: string) => map.get(term) ?? 0,
  };
}

export async function refreshAllVectors(db: Db): Promise<{ companies: number; terms: number }> {
  const frequencies = new Map<string, number>();
  let documents = 0;
  for await (const batch of descriptions(db, false)) {
    for (const row of batch) {
      documents += 1;
      for (const term of termCounts(row.description ?? '').keys()) {
        frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      }
    }
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from description_terms`);
    const entries = [...frequencies];
    for (let start = 0; start < entries.length; start += 10_000) {
      const slice = entries.slice(start, start + 10_000);
      await tx.execute(sql`
        insert into description_terms (term, documents)
        select * from unnest(${sql.param(slice.map(([term]) => term))}::text[],
          ${sql.param(slice.map(([, count]) => count))}::int[])`);
    }
    await tx.execute(sql`
      insert into description_corpus (id, documents, text_version, counted_at)
      values (1, ${documents}, ${textPipelineVersion}, now())
      on conflict (id) do update set documents = excluded.documents,
        text_version = excluded.text_version, counted_at = now()`);
  });
  for await (const batch of descriptions(db, false)) {
    await writeVectors(
      db,
      batch.map((row) => ({
        id: row.id,
        updatedAt: row.updated_at,
        vector: tfidfVector(
          termCounts(row.description ?? ''),
          (term) => frequencies.get(term) ?? 0,
          documents,
        ),
      })),
    );
  }
  return { companies: documents, terms: frequencies.size };
}

export async function vectoriseNewCompanies(db: Db): Promise<number> {
  const corpus = await readFrequencies(db, []);
  // No frequencies yet (a database that was never refreshed), or vectors cut by an older text
  // pipeline: count them and compute every vector again.
  if (corpus.documents === 0 || corpus.textVersion !== textPipelineVersion) {
    return (await refreshAllVectors(db)).companies;
  }
  let written = 0;
  for await (const batch of descriptions(db, true)) {
    const counts = batch.map((row) => termCounts(row.description ?? ''));
    const terms = new Set(counts.flatMap((map) => [...map.keys()]));
    const frequencies = await readFrequencies(db, [...terms]);
    await writeVectors(
      db,
      batch.map((row, index) => ({
        id: row.id,
        updatedAt: row.updated_at,
        vector: tfidfVector(counts[index]!, frequencies.of, frequencies.documents),
      })),
    );
    written += batch.length;
  }
  return written;
}
