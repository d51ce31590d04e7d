import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompanyRow,
  companyColumns,
  detectFormat,
  normaliseDomain,
  parseCompanyRecord,
  parsePersonRecord,
  type RowResult,
  readCompanyRows,
  readPersonRows,
} from './import-rows.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mailhound-import-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

async function all<T>(rows: AsyncIterable<RowResult<T>>): Promise<RowResult<T>[]> {
  const out: RowResult<T>[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

const now = new Date('2026-06-01T00:00:00Z');

describe('normaliseDomain', () => {
  it.each([
    ['https://www.Acme.com/about?x=1', 'acme.com'],
    ['WWW.ACME.COM', 'acme.com'],
    ['acme.co.uk', 'acme.co.uk'],
    ['http://blog.acme.io/', 'blog.acme.io'],
    ['  acme.com:8080  ', 'acme.com'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseDomain(input)).toBe(expected);
  });

  it.each(['acme', 'localhost', '192.168.0.1', 'acme..com', 'acme.notatld', 'a b.com'])(
    'refuses %s',
    (input) => {
      expect(normaliseDomain(input)).toBeNull();
    },
  );
});

describe('parseCompanyRecord', () => {
  const good = {
    name: 'Acme Inc.',
    domain: 'https://www.acme.com/',
    country: 'United States',
    industry: 'computer_software',
    source_industry: '  Enterprise   Software ',
    employees: '1,200',
    founded_year: '1999',
    revenue_min: '100000000',
    revenue_max: '250000000',
    linkedin_url: 'https://www.linkedin.com/company/acme',
    twitter_url: '',
    facebook_url: '',
    instagram_url: '',
    logo_url: '',
    description: 'Software for everyone.',
  };

  it('reads every documented column into a clean row', () => {
    expect(parseCompanyRecord(good, now)).toEqual({
      ok: true,
      value: {
        name: 'Acme Inc.',
        domain: 'acme.com',
        country: 'United States',
        industry: 'computer_software',
        sourceIndustry: 'enterprise software',
        employees: 1200,
        foundedYear: 1999,
        revenueMin: 100_000_000,
        revenueMax: 250_000_000,
        linkedinUrl: 'https://www.linkedin.com/company/acme',
        twitterUrl: null,
        facebookUrl: null,
        instagramUrl: null,
        logoUrl: null,
        description: 'Software for everyone.',
      },
    });
  });

  it("keeps a source's own industry name beside an industry the product does not list", () => {
    const row = parseCompanyRecord(
      { name: 'Acme', domain: 'acme.com', industry: '', source_industry: 'Conglomerate' },
      now,
    );
    expect(row).toMatchObject({
      ok: true,
      value: { industry: null, sourceIndustry: 'conglomerate' },
    });
  });

  it("classifies a source's own industry name into the product's list and keeps the name", () => {
    expect(
      parseCompanyRecord({ name: 'Acme', domain: 'acme.com', industry: 'Oil and Gas' }, now),
    ).toMatchObject({ ok: true, value: { industry: 'oil_energy', sourceIndustry: 'oil and gas' } });
    expect(
      parseCompanyRecord({ name: 'Acme', domain: 'acme.com', source_industry: 'Retailing' }, now),
    ).toMatchObject({ ok: true, value: { industry: 'retail', sourceIndustry: 'retailing' } });
    // A name that says nothing of the business is kept without an industry, not refused.
    expect(
      parseCompanyRecord({ name: 'Acme', domain: 'acme.com', industry: 'Holding company' }, now),
    ).toMatchObject({ ok: true, value: { industry: null, sourceIndustry: 'holding company' } });
  });

  it('takes an industry label for its id and numbers from JSON', () => {
    const row = parseCompanyRecord(
      { name: 'Acme', domain: 'acme.com', industry: 'Computer Software', employees: 40 },
      now,
    );
    expect(row).toMatchObject({
      ok: true,
      value: { industry: 'computer_software', employees: 40 },
    });
  });

  it.each([
    [{ domain: '' }, 'missing domain'],
    [{ domain: 'not a domain' }, 'bad domain: "not a domain"'],
    [{ name: '  ' }, 'missing name'],
    [{ source_industry: 'x'.repeat(201) }, 'source_industry is longer than 200 characters'],
    [{ industry: 'x'.repeat(201), source_industry: '' }, 'industry is longer than 200 characters'],
    [{ founded_year: '2031' }, 'founded_year 2031 is in the future'],
    [{ founded_year: '0' }, 'founded_year must be at least 1'],
    [{ employees: 'many' }, 'employees is not a whole number: "many"'],
    [{ employees: '-5' }, 'employees is not a whole number: "-5"'],
    [{ revenue_min: '10', revenue_max: '5' }, 'revenue_min is above revenue_max'],
    [
      { linkedin_url: 'javascript:alert(1)' },
      'linkedin_url is not a web address: "javascript:alert(1)"',
    ],
  ])('refuses %o: %s', (change, reason) => {
    expect(parseCompanyRecord({ ...good, ...change }, now)).toEqual({ ok: false, reason });
  });

  it('lists every problem of a row', () => {
    const row = parseCompanyRecord({ name: 'X', domain: 'x', employees: 'lots' }, now);
    expect(row).toEqual({
      ok: false,
      reason: 'bad domain: "x"; employees is not a whole number: "lots"',
    });
  });
});

describe('parsePersonRecord', () => {
  it('classifies the job title and normalises the company domain', () => {
    const row = parsePersonRecord({
      first_name: 'Ada',
      last_name: 'Lovelace',
      job_title: 'VP of Engineering',
      company_domain: 'www.Acme.com',
      location: 'London, United Kingdom',
      linkedin_url: 'linkedin.com/in/ada',
      phone: '+44 (20) 7946-0958',
    });
    expect(row).toEqual({
      ok: true,
      value: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        jobTitle: 'VP of Engineering',
        department: 'engineering',
        seniority: 'vp',
        companyDomain: 'acme.com',
        location: 'London, United Kingdom',
        linkedinUrl: 'https://linkedin.com/in/ada',
        phone: '+442079460958',
        // No email column: nothing for the finder to learn from this row.
        email: null,
      },
    });
  });

  it('refuses a phone that is not a number', () => {
    expect(
      parsePersonRecord({ first_name: 'Ada', company_domain: 'acme.com', phone: 'call me' }),
    ).toEqual({ ok: false, reason: 'phone is not a phone number: "call me"' });
  });

  it('refuses a person without a name or a company', () => {
    expect(parsePersonRecord({ job_title: 'CEO' })).toEqual({
      ok: false,
      reason: 'missing first_name and last_name; missing company_domain',
    });
  });
});

describe('reading import files', () => {
  it('tells JSON lines from CSV by extension or by the first character', async () => {
    expect(await detectFormat(await file('a.jsonl', 'name\n'))).toBe('jsonl');
    expect(await detectFormat(await file('a.ndjson', 'name\n'))).toBe('jsonl');
    expect(await detectFormat(await file('a.csv', '{"name":1}\n'))).toBe('csv');
    expect(await detectFormat(await file('a.txt', '\uFEFF  {"name":"x"}\n'))).toBe('jsonl');
    expect(await detectFormat(await file('b.txt', 'name,domain\n'))).toBe('csv');
  });

  it('reads a CSV with loose headers, quoted fields and bad rows, with their lines', async () => {
    const path = await file(
      'companies.csv',
      [
        '\uFEFFName,Domain,Industry,Founded Year,Description',
        'Acme,acme.com,computer_software,1999,"Makes ""everything"", really"',
        'Nowhere,,banking,2000,',
        'Futura,futura.io,banking,2999,',
        'Extra,extra.com,banking,2000,x,unexpected',
        '',
        'Beta,beta.de,Banking,,',
      ].join('\r\n'),
    );
    const rows = await all(readCompanyRows(path, now));
    expect(
      rows.map((row) => (row.ok ? [row.line, row.value.domain] : [row.line, row.reason])),
    ).toEqual([
      [2, 'acme.com'],
      [3, 'missing domain'],
      [4, 'founded_year 2999 is in the future'],
      [5, 'more fields than the header has'],
      [6, 'beta.de'],
    ]);
    expect((rows[0] as { value: CompanyRow }).value.description).toBe('Makes "everything", really');
  });

  it('reads JSON lines, reporting lines that are not JSON objects', async () => {
    const path = await file(
      'people.jsonl',
      [
        '{"first_name":"Ada","last_name":"Lovelace","job_title":"CTO","company_domain":"acme.com"}',
        '',
        '{"first_name":"Bob"',
        '[1,2]',
        '{"First Name":"Cy","company_domain":"beta.de","job_title":"Marketing Intern"}',
      ].join('\n'),
    );
    const rows = await all(readPersonRows(path));
    expect(rows).toEqual([
      expect.objectContaining({ ok: true, line: 1 }),
      { ok: false, line: 3, reason: 'not valid JSON' },
      { ok: false, line: 4, reason: 'not a JSON object' },
      expect.objectContaining({
        ok: true,
        line: 5,
        value: expect.objectContaining({
          firstName: 'Cy',
          department: 'marketing',
          seniority: 'intern',
        }),
      }),
    ]);
  });

  it('streams 200,000 rows in bounded memory', { timeout: 120_000 }, async () => {
    const path = join(dir, 'big.csv');
    const out = createWriteStream(path);
    out.write(`${companyColumns.join(',')}\n`);
    for (let i = 0; i < 200_000; i++) {
      const row = `Company ${i},company${i}.com,Germany,computer_software,${i % 5000},1990,1000000,5000000,https://www.linkedin.com/company/c${i},,,,,"A software company, number ${i}, with a description long enough to take some room in memory."\n`;
      if (!out.write(row)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');

    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let ok = 0;
    for await (const row of readCompanyRows(path, now)) {
      if (row.ok) ok++;
      if (ok % 5000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    expect(ok).toBe(200_000);
    // Holding the rows would take hundreds of megabytes; streaming stays far below.
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  });
});
