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

// Qualified: `order by id` would sort by the output column id::int, not through the key.
const descriptionColumns = sql`c.id::int as id, c.description, c.updated_at::text as updated_at`;

// Every company, in id order a batch at a time.
async function* allDescriptions(db: Queryable): AsyncGenerator<DescriptionRow[]> {
  let after = 0;
  for (;;) {
    const result = await db.execute<DescriptionRow>(sql`
      select ${descriptionColumns} from companies c where c.id > ${after} order by c.id
      limit ${batchSize}`);
    if (result.rows.length === 0) return;
    yield result.rows;
    after = result.rows.at(-1)!.id;
  }
}

// The companies changed from `since` on whose vector is missing or older than the company:
// found through the updated_at index, then read a batch at a time.
async function* staleDescriptions(
  db: Queryable,
  since: string | null,
): AsyncGenerator<DescriptionRow[]> {
  const stale = await db.execute<{ id: number }>(sql`
    select c.id::int as id from companies c
    where c.updated_at >= coalesce(${since}::timestamptz, '-infinity')
      and not exists (select 1 from company_vectors v
        where v.company_id = c.id and v.source_updated_at >= c.updated_at)
    order by c.id`);
  const ids = stale.rows.map((row) => row.id);
  for (let start = 0; start < ids.length; start += batchSize) {
    const result = await db.execute<DescriptionRow>(sql`
      select ${descriptionColumns} from companies c
      where c.id = any(${sql.param(ids.slice(start, start + batchSize))}::bigint[]) order by c.id`);
    yield result.rows;
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

export async function readFrequencies(db: Queryable, terms?: readonly string[]) {
  const corpus = await db.execute<{
    documents: number;
    text_version: number;
    vectors_through: string | null;
  }>(
    sql`select documents, text_version, vectors_through::text as vectors_through
      from description_corpus where id = 1`,
  );
  const filter = terms ? sql`where term = any(${sql.param([...terms])}::text[])` : sql``;
  const rows = await db.execute<{ term: string; documents: number }>(
    sql`select term, documents from description_terms ${filter}`,
  );
  const map = new Map(rows.rows.map((row) => [row.term, row.documents]));
  return {
    documents: corpus.rows[0]?.documents ?? 0,
    textVersion: corpus.rows[0]?.text_version ?? 0,
    vectorsThrough: corpus.rows[0]?.vectors_through ?? null,
    of: (term: string) => map.get(term) ?? 0,
  };
}

// Where the next check may start, read before this one looks at the companies. A row's
// updated_at is its transaction's start (now()), so a change this check cannot see yet (its
// transaction still open, or not begun) carries a time from the oldest open transaction's
// start on; every earlier change is committed and seen by this check.
async function nextCheckFrom(db: Queryable): Promise<string> {
  const result = await db.execute<{ since: string }>(sql`
    select least(now(), (select min(xact_start) from pg_stat_activity))::text as since`);
  return result.rows[0]!.since;
}

async function markVectorsThrough(db: Queryable, since: string): Promise<void> {
  await db.execute(sql`
    update description_corpus
    set vectors_through = greatest(vectors_through, ${since}::timestamptz) where id = 1`);
}

export async function refreshAllVectors(db: Db): Promise<{ companies: number; terms: number }> {
  const checkFrom = await nextCheckFrom(db);
  const frequencies = new Map<string, number>();
  let documents = 0;
  for await (const batch of allDescriptions(db)) {
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
  for await (const batch of allDescriptions(db)) {
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
  await markVectorsThrough(db, checkFrom);
  return { companies: documents, terms: frequencies.size };
}

export async function vectoriseNewCompanies(db: Db): Promise<number> {
  const corpus = await readFrequencies(db, []);
  // No frequencies yet (a database that was never refreshed), or vectors cut by an older text
  // pipeline: count them and compute every vector again.
  if (corpus.documents === 0 || corpus.textVersion !== textPipelineVersion) {
    return (await refreshAllVectors(db)).companies;
  }
  const checkFrom = await nextCheckFrom(db);
  let written = 0;
  for await (const batch of staleDescriptions(db, corpus.vectorsThrough)) {
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
  await markVectorsThrough(db, checkFrom);
  return written;
}
