// `npm run bench:leads`: the importer's rate on 200,000-row files, then p50/p95 of Company
// Finder and Lead Finder searches (through the HTTP app) with 1,000,000 companies and
// 5,000,000 people in an embedded PostgreSQL. BENCH_LEADS_DIR=<dir> keeps the cluster there:
// a second run with the same directory skips the loading and measures the searches again.

import { once } from 'node:events';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type CompanyFilters, filtersToQuery, SEARCH_TOTAL_CAP } from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { upsertCompanies } from '../../apps/server/src/features/companies/company-store.ts';
import { generateDemoData } from '../../apps/server/src/features/companies/demo-data.ts';
import {
  companyColumns,
  personColumns,
} from '../../apps/server/src/features/companies/import-rows.ts';
import {
  type ImportReport,
  importCompanies,
  importPeople,
} from '../../apps/server/src/features/companies/importer.ts';
import { classifyTitle } from '../../apps/server/src/features/companies/title-classifier.ts';
import { applyCreditEntry } from '../../apps/server/src/features/credits/credit-ledger.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { createDb } from '../../apps/server/src/platform/database.ts';
import {
  freePort,
  startEmbeddedPostgres,
} from '../../apps/server/src/platform/embedded-postgres.ts';
import { createMailer } from '../../apps/server/src/platform/mailer.ts';
import { runMigrations } from '../../apps/server/src/platform/migrations.ts';
import { createTokens } from '../../apps/server/src/platform/tokens.ts';

const importRows = 200_000;
const companyCount = 1_000_000;
const peopleCount = 5_000_000;
const repetitions = 15;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (value: number) => value.toFixed(1).padStart(6);
  return `p50 ${f(percentile(sorted, 50))} ms  p95 ${f(percentile(sorted, 95))} ms  max ${f(sorted.at(-1) ?? Number.NaN)} ms  (n=${sorted.length})`;
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const count = (n: number) => n.toLocaleString('en-US');

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

async function writeLines(path: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(path, { encoding: 'utf8' });
  for (const line of lines) {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

function printImport(report: ImportReport): void {
  console.log(
    `  ${report.kind.padEnd(9)} ${count(report.rows)} rows in ${report.seconds.toFixed(1)} s: ${count(Math.round(report.rowsPerSecond))} rows/s (${count(report.inserted)} new, ${count(report.rejected)} rejected)`,
  );
}

const keptDir = process.env.BENCH_LEADS_DIR;
const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'mailhound-bench-leads-'));
mkdirSync(dataDir, { recursive: true });
const server = await startEmbeddedPostgres({
  dataDir,
  port: await freePort(),
  log: () => undefined,
  settings: {
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    // The searched tables and their indexes take 2.6 GB: with 1 GB most pages come through
    // the kernel's cache (a table over a quarter of shared_buffers is scanned through a small
    // ring), which costs a search on a company-name filter more than its plan does.
    shared_buffers: '4GB',
    maintenance_work_mem: '512MB',
    work_mem: '32MB',
    max_wal_size: '4GB',
  },
});
const admin = new pg.Client(server.adminUrl());
await admin.connect();
const known = await admin.query("select 1 from pg_database where datname = 'bench'");
const loaded = known.rowCount === 1;
if (!loaded) await admin.query('create database bench');
await admin.end();
const url = server.adminUrl('bench');
const pool = new pg.Pool({ connectionString: url, max: 10 });
pool.on('error', (error) => console.error(`database pool: ${error.message}`));
const db = createDb(pool);

try {
  if (!loaded) await load();
  await measure();
} finally {
  await pool.end();
  await server.stop();
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}

async function load(): Promise<void> {
  await runMigrations(db);

  // 1. The real importer on files.
  console.log(
    `Importer (mailhound import) on ${count(importRows)}-row CSV files, batches of 1,000`,
  );
  const companiesFile = join(dataDir, 'companies.csv');
  const peopleFile = join(dataDir, 'people.csv');
  const sample = [
    ...generateDemoData({ seed: 11, companies: importRows, peoplePerCompany: [1, 1] }),
  ];
  await writeLines(companiesFile, [
    companyColumns.join(','),
    ...sample.map((company) =>
      [
        company.name,
        company.domain,
        company.country,
        company.industry,
        company.employees,
        company.foundedYear,
        company.revenueMin,
        company.revenueMax,
        company.linkedinUrl,
        company.twitterUrl,
        company.facebookUrl,
        company.instagramUrl,
        company.logoUrl,
        company.description,
      ]
        .map(csvField)
        .join(','),
    ),
  ]);
  await writeLines(peopleFile, [
    personColumns.join(','),
    ...sample.flatMap((company) =>
      company.people.map((person) =>
        [
          person.firstName,
          person.lastName,
          person.jobTitle,
          person.companyDomain,
          person.location,
          person.linkedinUrl,
          '',
        ]
          .map(csvField)
          .join(','),
      ),
    ),
  ]);
  printImport(await importCompanies(db, companiesFile));
  printImport(await importPeople(db, peopleFile));
  const reimport = await importCompanies(db, companiesFile);
  console.log(
    `  re-import of the companies file (all updates): ${count(Math.round(reimport.rowsPerSecond))} rows/s, ${count(reimport.updated)} updated`,
  );
  // Cascade: the look-alike results refer to people.
  await db.execute(sql`truncate people, companies restart identity cascade`);

  // 2. The large data set: companies through the importer's upsert, people by SQL.
  console.log(`\nLoading ${count(companyCount)} companies and ${count(peopleCount)} people…`);
  let started = performance.now();
  let batch = [];
  for (const company of generateDemoData({
    seed: 42,
    companies: companyCount,
    peoplePerCompany: [0, 0],
  })) {
    batch.push(company);
    if (batch.length === 5000) {
      await upsertCompanies(db, batch);
      batch = [];
    }
  }
  await upsertCompanies(db, batch);
  console.log(`  companies: ${seconds(started)} s`);

  // Name and title pools from the demo generator, classified as the importer would.
  const folk = [
    ...generateDemoData({ seed: 5, companies: 5000, peoplePerCompany: [5, 25] }),
  ].flatMap((company) => company.people);
  const titles = [...new Set(folk.map((person) => person.jobTitle))];
  const classes = titles.map((title) => classifyTitle(title));
  const firstNames = [...new Set(folk.map((person) => person.firstName))];
  const lastNames = [...new Set(folk.map((person) => person.lastName))];
  started = performance.now();
  // Bulk load without the secondary indexes and the foreign key, then build them once.
  const indexes = await db.execute<{ name: string; definition: string }>(sql`
    select indexname as name, indexdef as definition from pg_indexes
    where tablename = 'people' and indexname not in ('people_pkey', 'people_identity')`);
  const [foreignKey] = (
    await db.execute<{ name: string; definition: string }>(sql`
      select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = 'people'::regclass and contype = 'f'`)
  ).rows;
  for (const index of indexes.rows) await db.execute(sql.raw(`drop index ${index.name}`));
  if (foreignKey) {
    await db.execute(sql.raw(`alter table people drop constraint ${foreignKey.name}`));
  }
  const step = 1_000_000;
  for (let from = 1; from <= peopleCount; from += step) {
    await db.execute(sql`
      insert into people (company_id, fname, lname, job_title, department, seniority, location, linkedin_url,
                          company_industry, company_country, company_employees, company_founded_year)
      select 1 + (g % ${companyCount}),
             (${sql.param(firstNames)}::text[])[1 + floor(random() * ${firstNames.length})::int],
             (${sql.param(lastNames)}::text[])[1 + floor(random() * ${lastNames.length})::int],
             (${sql.param(titles)}::text[])[pick.i],
             (${sql.param(classes.map((c) => c.department))}::text[])[pick.i],
             (${sql.param(classes.map((c) => c.seniority))}::text[])[pick.i],
             c.country, 'https://www.linkedin.com/in/bench-' || g,
             c.industry, c.country, c.employees, c.founded_year
      from generate_series(${from}::int, ${Math.min(from + step - 1, peopleCount)}::int) g
      -- One draw per row (the lateral refers to g), shared by title, department and seniority.
      cross join lateral (select 1 + floor(random() * ${titles.length})::int + 0 * g as i) pick
      join companies c on c.id = 1 + (g % ${companyCount})
      on conflict on constraint people_identity do nothing`);
  }
  console.log(`  people rows: ${seconds(started)} s`);
  started = performance.now();
  for (const index of indexes.rows) await db.execute(sql.raw(index.definition));
  if (foreignKey) {
    await db.execute(
      sql.raw(`alter table people add constraint ${foreignKey.name} ${foreignKey.definition}`),
    );
  }
  await db.execute(sql`vacuum analyze companies`);
  await db.execute(sql`vacuum analyze people`);
  console.log(`  people indexes, foreign key, analyze: ${seconds(started)} s`);
  const totals = (
    await db.execute<{ companies: string; people: string }>(sql`
      select (select count(*) from companies)::text as companies,
             (select count(*) from people)::text as people`)
  ).rows[0];
  console.log(
    `  ${count(Number(totals?.companies))} companies, ${count(Number(totals?.people))} people`,
  );
}

// Searches through the app, as the web calls them.
async function measure(): Promise<void> {
  const config = loadConfig({
    DATABASE_URL: url,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({
    config,
    db,
    clock: systemClock,
    mailer: createMailer({ smtpUrl: undefined, mailFrom: config.mailFrom, db }),
    logger: false,
  });
  await app.ready();
  // A kept cluster has the user of the former run: start again with a fresh one.
  await db.execute(sql`delete from users where username = 'bench@bench.test'`);
  const [user] = (
    await db.execute<{ id: string }>(sql`
      insert into users (username, fname, lname, status, properties, plan_id)
      values ('bench@bench.test', 'Bench', 'User', 'active', '{"sections":[]}',
              (select id from plans where is_default))
      returning id`)
  ).rows;
  if (!user) throw new Error('no bench user');
  await db.transaction((tx) =>
    applyCreditEntry(tx, {
      userId: user.id,
      kind: 'bonus',
      amount: 0,
      leadAmount: 1_000_000,
      idempotencyKey: 'bench-leads',
    }),
  );
  const tokens = createTokens({ secret: config.jwtSecret, ttlSeconds: 3600, clock: systemClock });
  const token = await tokens.sign({ sub: user.id, auth: 'local', ver: 0 });

  const companyMixes: [string, CompanyFilters][] = [
    ['industry', { industry: ['computer_software'] }],
    ['industry + country', { industry: ['hospital_health_care'], locations: ['Germany'] }],
    ['country + size', { locations: ['United States'], employees: ['51-200', '201-500'] }],
    [
      'industries + size + founded',
      {
        industry: ['computer_software', 'internet', 'information_technology_services'],
        employees: ['11-50'],
        years: { from: 2010, to: 2020 },
      },
    ],
    ['name', { companyName: ['Nova'] }],
    ['name + country', { companyName: ['Cedar'], locations: ['United Kingdom'] }],
    ['revenue + country, exclude', { revenue: ['10M-50M'], exclude: ['United States'] }],
    ['department (people) + industry', { department: ['marketing'], industry: ['dairy'] }],
  ];
  const leadMixes: [string, CompanyFilters][] = [
    ['department + seniority', { department: ['sales'], seniority: ['director', 'vp'] }],
    ['job title + country', { jobTitle: ['engineer'], locations: ['Germany'] }],
    ['industry + department', { industry: ['computer_software'], department: ['marketing'] }],
    ['c-level + size', { seniority: ['c_level'], employees: ['1001-5000'] }],
    ['company name + department', { companyName: ['Nova'], department: ['engineering'] }],
    ['job title', { jobTitle: ['marketing manager'] }],
    [
      'country + seniority + founded',
      { locations: ['France'], seniority: ['head'], years: { from: 2000 } },
    ],
  ];
  const pages = [1, 2, 10];

  const run = async (path: string, mixes: [string, CompanyFilters][]) => {
    const all: number[] = [];
    for (const [label, filters] of mixes) {
      const samples: number[] = [];
      for (const page of pages) {
        const query = filtersToQuery(filters);
        query.set('page', String(page));
        query.set('perPage', '10');
        const target = `${path}?${query}`;
        const warm = await app.inject({
          method: 'GET',
          url: target,
          headers: { authorization: token },
        });
        if (warm.statusCode !== 200)
          throw new Error(`${target} answered ${warm.statusCode}: ${warm.body}`);
        for (let i = 0; i < repetitions; i++) {
          const begun = performance.now();
          await app.inject({ method: 'GET', url: target, headers: { authorization: token } });
          samples.push(performance.now() - begun);
        }
      }
      const total = (
        await app.inject({
          method: 'GET',
          url: `${path}?${filtersToQuery(filters)}`,
          headers: { authorization: token },
        })
      ).json().totalItems as number;
      console.log(
        `  ${label.padEnd(32)} ${summary(samples)}  ${`${count(total)}${total === SEARCH_TOTAL_CAP ? '+' : ''}`.padStart(7)} matches`,
      );
      all.push(...samples);
    }
    console.log(`  ${'all'.padEnd(32)} ${summary(all)}`);
  };

  console.log(`\nGET /api/companies/search (app.inject, pages ${pages.join(', ')}, perPage 10)`);
  await run('/api/companies/search', companyMixes);
  console.log(`\nGET /api/leads/search (app.inject, pages ${pages.join(', ')}, perPage 10)`);
  await run('/api/leads/search', leadMixes);
  await app.close();
}
