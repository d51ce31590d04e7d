import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Db, Queryable } from '../../platform/database.ts';
import {
  companyIdsByDomain,
  type PersonWithCompany,
  type UpsertCount,
  upsertCompanies,
  upsertPeople,
} from './company-store.ts';
import {
  type CompanyRow,
  type PersonRow,
  type RowResult,
  readCompanyRows,
  readPersonRows,
} from './import-rows.ts';

// `mailhound import companies|people FILE`: rows stream from the file in batches; each batch
// is one transaction, so a crash keeps the batches already committed and a second run
// updates them in place (upserts by domain, and by company, name and title for people).
// Rejected rows go to FILE.rejected.csv with their line and reason as they are found.

export type ImportKind = 'companies' | 'people';

export type Rejection = { line: number; reason: string };

export type ImportReport = {
  kind: ImportKind;
  // Data rows read, accepted or not.
  rows: number;
  inserted: number;
  updated: number;
  rejected: number;
  // FILE.rejected.csv when a row was rejected, otherwise null.
  rejectedFile: string | null;
  // The first rejections, for the printed report; all of them are in rejectedFile.
  firstRejections: Rejection[];
  seconds: number;
  rowsPerSecond: number;
};

export type ImportOptions = {
  batchSize?: number;
  // Founded years after this year's are refused.
  now?: Date;
  onProgress?: (progress: { rows: number; seconds: number }) => void;
  // People with both names and an e-mail, after their batch is written (the finder learns
  // their companies' address patterns; main.ts passes search's recordPeopleSeen).
  observePeople?: (
    people: Array<{ firstName: string; lastName: string; email: string }>,
  ) => Promise<unknown>;
};

const defaultBatchSize = 1000;
const reportedRejections = 20;

type Numbered<T> = { line: number; value: T };

type BatchOutcome = { count: UpsertCount; rejected: Rejection[] };

// A row the database itself refuses (a value out of range, say) must not sink its batch:
// the batch is retried row by row and only the refused rows are rejected.
function refusal(error: unknown): string | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof pg.DatabaseError && /^2[23]/.test(cause.code ?? '')) {
      return `refused by the database: ${cause.message}`;
    }
  }
  return null;
}

async function writeInTransactions<T>(
  db: Db,
  batch: readonly Numbered<T>[],
  write: (tx: Queryable, values: T[]) => Promise<UpsertCount>,
): Promise<BatchOutcome> {
  if (batch.length === 0) return { count: { inserted: 0, updated: 0 }, rejected: [] };
  try {
    const count = await db.transaction((tx) =>
      write(
        tx,
        batch.map((row) => row.value),
      ),
    );
    return { count, rejected: [] };
  } catch (error) {
    if (refusal(error) === null) throw error;
  }
  const outcome: BatchOutcome = { count: { inserted: 0, updated: 0 }, rejected: [] };
  for (const row of batch) {
    try {
      const count = await db.transaction((tx) => write(tx, [row.value]));
      outcome.count.inserted += count.inserted;
      outcome.count.updated += count.updated;
    } catch (error) {
      const reason = refusal(error);
      if (reason === null) throw error;
      outcome.rejected.push({ line: row.line, reason });
    }
  }
  return outcome;
}

class RejectionLog {
  readonly path: string;
  count = 0;
  readonly first: Rejection[] = [];
  private stream: WriteStream | undefined;

  constructor(path: string) {
    this.path = path;
  }

  async add(rejection: Rejection): Promise<void> {
    this.count++;
    if (this.first.length < reportedRejections) this.first.push(rejection);
    this.stream ??= createWriteStream(this.path, { encoding: 'utf8' });
    if (this.count === 1) this.stream.write('line,reason\n');
    const line = `${rejection.line},"${rejection.reason.replaceAll('"', '""')}"\n`;
    if (!this.stream.write(line)) await once(this.stream, 'drain');
  }

  // Closes the file, or removes one a former run left when this run rejected nothing.
  async close(): Promise<string | null> {
    if (!this.stream) {
      await rm(this.path, { force: true });
      return null;
    }
    const stream = this.stream;
    await new Promise<void>((done, fail) =>
      stream.end((error?: Error | null) => (error ? fail(error) : done())),
    );
    return this.path;
  }
}

async function runImport<T>(
  kind: ImportKind,
  path: string,
  rows: AsyncIterable<RowResult<T>>,
  writeBatch: (batch: Numbered<T>[]) => Promise<BatchOutcome>,
  options: ImportOptions,
): Promise<ImportReport> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const batchSize = options.batchSize ?? defaultBatchSize;
  const rejections = new RejectionLog(`${path}.rejected.csv`);
  const totals = { rows: 0, inserted: 0, updated: 0 };
  let batch: Numbered<T>[] = [];
  // Rows refused while reading wait for their batch, so the report stays in line order.
  let refused: Rejection[] = [];

  const flush = async () => {
    const outcome = await writeBatch(batch);
    const rejected = [...refused, ...outcome.rejected].sort((a, b) => a.line - b.line);
    batch = [];
    refused = [];
    totals.inserted += outcome.count.inserted;
    totals.updated += outcome.count.updated;
    for (const rejection of rejected) await rejections.add(rejection);
    options.onProgress?.({ rows: totals.rows, seconds: seconds() });
  };

  try {
    for await (const row of rows) {
      totals.rows++;
      if (row.ok) batch.push({ line: row.line, value: row.value });
      else refused.push({ line: row.line, reason: row.reason });
      if (batch.length + refused.length >= batchSize) await flush();
    }
    await flush();
  } finally {
    await rejections.close().catch(() => undefined);
  }
  const elapsed = seconds();
  return {
    kind,
    ...totals,
    rejected: rejections.count,
    rejectedFile: rejections.count > 0 ? rejections.path : null,
    firstRejections: rejections.first,
    seconds: elapsed,
    rowsPerSecond: elapsed > 0 ? totals.rows / elapsed : totals.rows,
  };
}

export function importCompanies(
  db: Db,
  path: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  return runImport<CompanyRow>(
    'companies',
    path,
    readCompanyRows(path, options.now),
    (batch) => writeInTransactions(db, batch, upsertCompanies),
    options,
  );
}

// People name their company by domain; a domain not imported yet rejects the row.
async function writePeople(
  db: Db,
  batch: Numbered<PersonRow>[],
  observePeople: ImportOptions['observePeople'],
): Promise<BatchOutcome> {
  const ids = await companyIdsByDomain(
    db,
    batch.map((row) => row.value.companyDomain),
  );
  const known: Numbered<PersonWithCompany>[] = [];
  const rejected: Rejection[] = [];
  for (const row of batch) {
    const companyId = ids.get(row.value.companyDomain);
    if (companyId === undefined) {
      rejected.push({
        line: row.line,
        reason: `unknown company_domain: "${row.value.companyDomain}" (import the company first)`,
      });
    } else {
      known.push({ line: row.line, value: { ...row.value, companyId } });
    }
  }
  const outcome = await writeInTransactions(db, known, upsertPeople);
  await observePeople?.(
    known.flatMap(({ value: { firstName, lastName, email } }) =>
      firstName && lastName && email ? [{ firstName, lastName, email }] : [],
    ),
  );
  return { count: outcome.count, rejected: [...rejected, ...outcome.rejected] };
}

export function importPeople(
  db: Db,
  path: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  return runImport<PersonRow>(
    'people',
    path,
    readPersonRows(path),
    (batch) => writePeople(db, batch, options.observePeople),
    options,
  );
}
