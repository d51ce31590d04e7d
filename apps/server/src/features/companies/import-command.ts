import { existsSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { type Db, withDatabase } from '../../platform/database.ts';
import { runMigrations } from '../../platform/migrations.ts';
import { companyColumns, personColumns } from './import-rows.ts';
import { type ImportReport, importCompanies, importPeople } from './importer.ts';

export const importUsage = `Usage: mailhound import companies|people FILE

FILE is CSV with a header row, or JSON lines (.jsonl, .ndjson, or a file starting with "{").
Columns of companies: ${companyColumns.join(', ')} (name and domain required).
industry is one of the product's industries (its id or name) or a source's own name for
it ("Retailing", "Oil and gas"), which is classified into the product's list when its words
allow; that name is kept, or source_industry when given, and look-alike searches rank by it.
Columns of people: ${personColumns.join(', ')} (a name and company_domain required;
the company must be imported first).
Rows are upserted: companies by domain, people by company, name and job title.
Rejected rows are listed with their line and reason in FILE.rejected.csv.
`;

function rate(rowsPerSecond: number): string {
  return `${Math.round(rowsPerSecond).toLocaleString('en-US')} rows/s`;
}

export function formatReport(report: ImportReport): string {
  const lines = [
    `${report.kind}: ${report.rows.toLocaleString('en-US')} rows in ${report.seconds.toFixed(1)} s (${rate(report.rowsPerSecond)}): ` +
      `${report.inserted} new, ${report.updated} updated, ${report.rejected} rejected`,
  ];
  for (const rejection of report.firstRejections) {
    lines.push(`  line ${rejection.line}: ${rejection.reason}`);
  }
  if (report.rejected > report.firstRejections.length) {
    lines.push(`  … and ${report.rejected - report.firstRejections.length} more`);
  }
  if (report.rejectedFile) lines.push(`rejected rows: ${report.rejectedFile}`);
  return `${lines.join('\n')}\n`;
}

// `mailhound import companies|people FILE`. Exit code 0 when every row was imported, 1 when
// some were rejected, 2 for a usage error.
export async function runImportCommand(
  config: Config,
  log: Logger,
  args: string[],
  ports: {
    observePeople?: (
      db: Db,
      people: Array<{ firstName: string; lastName: string; email: string }>,
    ) => Promise<unknown>;
  } = {},
): Promise<number> {
  const [kind, file] = args;
  if ((kind !== 'companies' && kind !== 'people') || !file || args.length > 2) {
    process.stderr.write(importUsage);
    return 2;
  }
  if (!existsSync(file)) {
    process.stderr.write(`mailhound import: no such file: ${file}\n`);
    return 2;
  }
  const report = await withDatabase(config, log, async (database) => {
    await runMigrations(database.db);
    const importer = kind === 'companies' ? importCompanies : importPeople;
    let lastPrint = 0;
    const { observePeople } = ports;
    return importer(database.db, file, {
      ...(observePeople ? { observePeople: (people) => observePeople(database.db, people) } : {}),
      onProgress: ({ rows, seconds }) => {
        if (seconds - lastPrint < 5) return;
        lastPrint = seconds;
        process.stdout.write(`  ${rows.toLocaleString('en-US')} rows (${rate(rows / seconds)})\n`);
      },
    });
  });
  process.stdout.write(formatReport(report));
  return report.rejected > 0 ? 1 : 0;
}
