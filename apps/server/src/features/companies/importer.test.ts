import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { formatReport } from './import-command.ts';
import { importCompanies, importPeople } from './importer.ts';
import { companies, people } from './schema.ts';

let t: TestContext;
let dir: string;
const now = new Date('2026-06-01T00:00:00Z');

beforeAll(async () => {
  t = await createTestContext();
  dir = await mkdtemp(join(tmpdir(), 'mailhound-importer-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

const header =
  'name,domain,country,industry,employees,founded_year,revenue_min,revenue_max,linkedin_url,description';

async function company(domain: string) {
  const [row] = await t.db.select().from(companies).where(eq(companies.domain, domain));
  return row;
}

describe('mailhound import companies', () => {
  it('imports good rows and reports each bad row with its line and reason', async () => {
    const path = await file(
      'companies.csv',
      [
        header,
        'Acme Inc.,https://www.acme-import.com,United States,Computer Software,1200,1999,10000000,50000000,linkedin.com/company/acme,Tools for builders',
        'Nameless,,France,,,,,,,',
        'Future Corp,future-import.com,Germany,,10,2999,,,,',
        'Globex GmbH,globex-import.de,Germany,machinery,50,1950,,,,',
        'Odd Size,odd-import.com,,Retailing,"about 10, maybe",,,,,',
      ].join('\n'),
    );
    const report = await importCompanies(t.db, path, { now });

    expect(report).toMatchObject({
      kind: 'companies',
      rows: 5,
      inserted: 2,
      updated: 0,
      rejected: 3,
    });
    expect(report.firstRejections).toEqual([
      { line: 3, reason: 'missing domain' },
      { line: 4, reason: 'founded_year 2999 is in the future' },
      { line: 6, reason: 'employees is not a whole number: "about 10, maybe"' },
    ]);
    expect(report.rejectedFile).toBe(`${path}.rejected.csv`);
    expect(await readFile(`${path}.rejected.csv`, 'utf8')).toBe(
      'line,reason\n3,"missing domain"\n4,"founded_year 2999 is in the future"\n6,"employees is not a whole number: ""about 10, maybe"""\n',
    );
    expect(formatReport(report)).toContain('line 4: founded_year 2999 is in the future');

    expect(await company('acme-import.com')).toMatchObject({
      name: 'Acme Inc.',
      slug: 'acme-inc',
      nameNormalised: 'acme',
      country: 'United States',
      industry: 'computer_software',
      employees: 1200,
      foundedYear: 1999,
      revenueMin: 10_000_000,
      revenueMax: 50_000_000,
      linkedinUrl: 'https://linkedin.com/company/acme',
    });
    // Refused rows leave no trace.
    expect(await company('future-import.com')).toBeUndefined();
    expect(await company('odd-import.com')).toBeUndefined();
  });

  it('re-imports idempotently: rows are updated by domain, blanks keep what was known', async () => {
    const first = await file(
      'again.csv',
      `${header}\nInitech,initech-import.com,United States,computer_software,80,2001,,,,Old text\n`,
    );
    await importCompanies(t.db, first, { now });
    const before = await company('initech-import.com');
    const again = await importCompanies(t.db, first, { now });
    expect(again).toMatchObject({ inserted: 0, updated: 1, rejected: 0, rejectedFile: null });

    const changed = await file(
      'changed.jsonl',
      '{"name":"Initech LLC","domain":"www.initech-import.com","employees":"95","description":"New text"}\n',
    );
    const report = await importCompanies(t.db, changed, { now });
    expect(report).toMatchObject({ rows: 1, inserted: 0, updated: 1 });
    const after = await company('initech-import.com');
    expect(after).toMatchObject({
      id: before?.id,
      // The page's address stays when the name changes.
      slug: before?.slug,
      name: 'Initech LLC',
      employees: 95,
      description: 'New text',
      country: 'United States',
      foundedYear: 2001,
    });
  });

  it("keeps a source's industry name until a later import gives another", async () => {
    const first = await file(
      'source-industry.csv',
      'name,domain,industry,source_industry\nGlobex,globex-import.com,,Conglomerate\n',
    );
    await importCompanies(t.db, first, { now });
    expect(await company('globex-import.com')).toMatchObject({
      industry: null,
      sourceIndustry: 'conglomerate',
    });
    const without = await file(
      'source-industry-blank.jsonl',
      '{"name":"Globex","domain":"globex-import.com","industry":"utilities"}\n',
    );
    await importCompanies(t.db, without, { now });
    // The industry column is that import's own name for the industry.
    expect(await company('globex-import.com')).toMatchObject({
      industry: 'utilities',
      sourceIndustry: 'utilities',
    });
    const renamed = await file(
      'source-industry-renamed.jsonl',
      '{"name":"Globex","domain":"globex-import.com","source_industry":"Electric Utility"}\n',
    );
    await importCompanies(t.db, renamed, { now });
    expect(await company('globex-import.com')).toMatchObject({
      industry: 'utilities',
      sourceIndustry: 'electric utility',
    });
  });

  it('reads JSON lines, with bad lines reported', async () => {
    const path = await file(
      'companies.jsonl',
      [
        '{"name":"Hooli","domain":"hooli-import.com","industry":"internet","employees":5000}',
        'not json',
        '["an","array"]',
        '{"name":"Hooli","domain":"hooli-import.co.uk","country":"United Kingdom"}',
      ].join('\n'),
    );
    const report = await importCompanies(t.db, path, { now });
    expect(report).toMatchObject({ rows: 4, inserted: 2, rejected: 2 });
    expect(report.firstRejections).toEqual([
      { line: 2, reason: 'not valid JSON' },
      { line: 3, reason: 'not a JSON object' },
    ]);
    // Two companies of one name get two addresses.
    expect((await company('hooli-import.com'))?.slug).toBe('hooli');
    expect((await company('hooli-import.co.uk'))?.slug).toBe('hooli-hooli-import-co-uk');
  });

  it('rejects a row the database refuses without losing the rest of its batch', async () => {
    const path = await file(
      'overflow.csv',
      `${header}\nBig One,big-import.com,,,99999999999,,,,,\nSmall One,small-import.com,,,5,,,,,\n`,
    );
    const report = await importCompanies(t.db, path, { now, batchSize: 10 });
    expect(report).toMatchObject({ inserted: 1, rejected: 1 });
    expect(report.firstRejections[0]?.line).toBe(2);
    expect(report.firstRejections[0]?.reason).toMatch(/^refused by the database: /);
    expect(await company('big-import.com')).toBeUndefined();
    expect(await company('small-import.com')).toBeDefined();
  });

  it('removes a former rejected file when a run rejects nothing', async () => {
    const path = await file('clean.csv', `${header}\nClean,clean-import.com,,,,,,,,\n`);
    await writeFile(`${path}.rejected.csv`, 'line,reason\n2,"old"\n');
    const report = await importCompanies(t.db, path, { now });
    expect(report.rejectedFile).toBeNull();
    expect(existsSync(`${path}.rejected.csv`)).toBe(false);
  });
});

describe('mailhound import people', () => {
  it('hands people with both names and an e-mail to the finder, after their batch is written', async () => {
    await importCompanies(
      t.db,
      await file('mail-companies.csv', `${header}\nMail Co,mail-import.com,,,,,,,,\n`),
      { now },
    );
    const path = await file(
      'people-with-mail.csv',
      [
        'first_name,last_name,company_domain,email',
        'Ada,Lovelace,mail-import.com,ada.lovelace@mail-import.com',
        'Cy,,mail-import.com,cy@mail-import.com',
        'Bo,Diddley,mail-import.com,not an address',
        'Di,Prince,mail-import.com,',
      ].join('\n'),
    );
    const observed: unknown[] = [];
    const report = await importPeople(t.db, path, {
      observePeople: async (people) => observed.push(...people),
    });
    expect(report).toMatchObject({ rows: 4, inserted: 4, rejected: 0 });
    expect(observed).toEqual([
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.lovelace@mail-import.com' },
    ]);
  });

  it('imports people of known companies, classifies titles, rejects unknown companies', async () => {
    await importCompanies(
      t.db,
      await file('people-companies.csv', `${header}\nPeople Co,people-import.com,,,,,,,,\n`),
      { now },
    );
    const path = await file(
      'people.csv',
      [
        'first_name,last_name,job_title,company_domain,location,linkedin_url,phone',
        'Ada,Lovelace,VP of Engineering,people-import.com,London,,+44 20 7946 0958',
        'Bob,Stone,Sales Manager,nowhere-import.com,,,',
        ',,CEO,people-import.com,,,',
        'Cy,Young,,people-import.com,,,',
      ].join('\n'),
    );
    const report = await importPeople(t.db, path);
    expect(report).toMatchObject({ kind: 'people', rows: 4, inserted: 2, rejected: 2 });
    expect(report.firstRejections).toEqual([
      {
        line: 3,
        reason: 'unknown company_domain: "nowhere-import.com" (import the company first)',
      },
      { line: 4, reason: 'missing first_name and last_name' },
    ]);
    const rows = await t.db
      .select({
        fname: people.fname,
        jobTitle: people.jobTitle,
        department: people.department,
        seniority: people.seniority,
        phone: people.phone,
      })
      .from(people)
      .innerJoin(companies, eq(companies.id, people.companyId))
      .where(eq(companies.domain, 'people-import.com'))
      .orderBy(asc(people.id));
    expect(rows).toEqual([
      {
        fname: 'Ada',
        jobTitle: 'VP of Engineering',
        department: 'engineering',
        seniority: 'vp',
        phone: '+442079460958',
      },
      { fname: 'Cy', jobTitle: null, department: 'other', seniority: 'other', phone: null },
    ]);

    // Again: the same people are updated, not doubled (a missing title included).
    const again = await importPeople(t.db, path);
    expect(again).toMatchObject({ inserted: 0, updated: 2, rejected: 2 });
  });
});
