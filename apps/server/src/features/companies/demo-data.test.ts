import { describe, expect, it } from 'vitest';
import { generateDemoData, mulberry32 } from './demo-data.ts';
import { industryGroupOf, isIndustryId } from './industries.ts';
import { classifyTitle } from './title-classifier.ts';

const demo = { seed: 42, companies: 3000, peoplePerCompany: [2, 25] as const };

describe('mulberry32', () => {
  it('repeats for a seed and stays in [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const draws = Array.from({ length: 1000 }, () => a());
    expect(draws).toEqual(Array.from({ length: 1000 }, () => b()));
    for (const draw of draws) expect(draw >= 0 && draw < 1).toBe(true);
    expect(mulberry32(8)()).not.toBe(mulberry32(7)());
  });
});

describe('generateDemoData', () => {
  const companies = [...generateDemoData(demo)];

  it('gives the same data for the same seed, and other data for another seed', () => {
    expect([...generateDemoData(demo)]).toEqual(companies);
    const other = [...generateDemoData({ ...demo, seed: 43, companies: 50 })];
    expect(other.map((c) => c.domain)).not.toEqual(companies.slice(0, 50).map((c) => c.domain));
  });

  it('makes the requested number of companies with unique domains', () => {
    expect(companies).toHaveLength(3000);
    expect(new Set(companies.map((c) => c.domain)).size).toBe(3000);
    for (const company of companies) expect(company.domain).toMatch(/^[a-z0-9]+\.example$/);
  });

  it('keeps domains unique past the two-part name space, without remembering them', () => {
    const many = generateDemoData({ seed: 1, companies: 20_000, peoplePerCompany: [0, 0] });
    const domains = new Set<string>();
    for (const company of many) domains.add(company.domain.split('.')[0]!);
    expect(domains.size).toBe(20_000);
  });

  it('streams: a million companies are produced one at a time', () => {
    const stream = generateDemoData({ ...demo, companies: 1_000_000 });
    const first = stream.next();
    expect(first.done).toBe(false);
    expect(first.value?.domain).toBe(companies[0]!.domain);
    stream.return(undefined);
  });

  it('fills every company field the import documents', () => {
    for (const company of companies) {
      expect(company.name.length).toBeGreaterThan(1);
      expect(isIndustryId(company.industry)).toBe(true);
      expect(company.country).not.toBe('');
      expect(company.employees).toBeGreaterThanOrEqual(1);
      expect(company.foundedYear).toBeGreaterThan(1900);
      expect(company.foundedYear).toBeLessThanOrEqual(2025);
      expect(company.revenueMax).toBeGreaterThan(company.revenueMin);
      expect(company.logoUrl).toBeNull();
      expect(company.description).toContain(company.name);
    }
    expect(new Set(companies.map((c) => c.industry)).size).toBeGreaterThan(140);
    expect(new Set(companies.map((c) => c.country)).size).toBeGreaterThan(15);
    expect(
      companies.some((c) => c.linkedinUrl?.startsWith('https://www.linkedin.com/company/')),
    ).toBe(true);
  });

  it('reads as a company would write about itself, with ages that fit the industry', () => {
    for (const company of companies) {
      const people = company.employees === 1 ? 'person' : 'people';
      expect(company.description).toMatch(
        new RegExp(
          `Our team of ${company.employees.toLocaleString('en-US')} ${people} works on [^,]+, [^,]+ and [^.]+\\.$`,
        ),
      );
    }
    const technology = companies.filter((c) => industryGroupOf(c.industry) === 'technology');
    expect(technology.length).toBeGreaterThan(50);
    for (const company of technology) expect(company.foundedYear).toBeGreaterThanOrEqual(1975);
  });

  it('describes peers in the same words: descriptions share the industry terms', () => {
    const software = companies.filter((c) => c.industry === 'computer_software');
    const hospitals = companies.filter((c) => industryGroupOf(c.industry) === 'healthcare');
    expect(software.length).toBeGreaterThan(5);
    for (const company of software) {
      const hits = ['software', 'platform', 'cloud', 'applications', 'developers'].filter((term) =>
        company.description.includes(term),
      );
      expect(hits.length).toBeGreaterThanOrEqual(3);
    }
    expect(hospitals.every((c) => !c.description.includes('computer software'))).toBe(true);
  });

  it('gives each company between 2 and 25 people, never more than its employees', () => {
    for (const company of companies) {
      expect(company.people.length).toBeGreaterThanOrEqual(Math.min(2, company.employees));
      expect(company.people.length).toBeLessThanOrEqual(Math.min(25, company.employees));
    }
  });

  it('classifies people with the title classifier and links them to their company', () => {
    const everyone = companies.flatMap((c) => c.people);
    for (const person of everyone.slice(0, 2000)) {
      const { department, seniority } = classifyTitle(person.jobTitle);
      expect(person).toMatchObject({ department, seniority });
    }
    for (const company of companies) {
      for (const person of company.people) expect(person.companyDomain).toBe(company.domain);
    }
    expect(new Set(everyone.map((p) => p.linkedinUrl)).size).toBe(everyone.length);
    expect(new Set(everyone.map((p) => p.firstName)).size).toBeGreaterThan(80);
    expect(new Set(everyone.map((p) => p.department)).size).toBeGreaterThan(10);
    expect(companies.every((c) => ['c_level', 'owner'].includes(c.people[0]!.seniority))).toBe(
      true,
    );
  });
});
