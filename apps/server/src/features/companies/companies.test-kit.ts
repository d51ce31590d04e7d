import type { Db } from '../../platform/database.ts';
import { companyIdsByDomain, upsertCompanies, upsertPeople } from './company-store.ts';
import type { CompanyRow, PersonRow } from './import-rows.ts';
import { classifyTitle } from './title-classifier.ts';

// Companies and people written the way the importer writes them, for the feature's tests.

export function companyRow(overrides: Partial<CompanyRow> & Pick<CompanyRow, 'name' | 'domain'>) {
  return {
    country: null,
    industry: null,
    sourceIndustry: null,
    employees: null,
    foundedYear: null,
    revenueMin: null,
    revenueMax: null,
    linkedinUrl: null,
    twitterUrl: null,
    facebookUrl: null,
    instagramUrl: null,
    logoUrl: null,
    description: null,
    ...overrides,
  } satisfies CompanyRow;
}

export async function addCompanies(
  db: Db,
  rows: (Partial<CompanyRow> & Pick<CompanyRow, 'name' | 'domain'>)[],
): Promise<Map<string, number>> {
  await upsertCompanies(db, rows.map(companyRow));
  return companyIdsByDomain(
    db,
    rows.map((row) => row.domain),
  );
}

export type TestPerson = {
  firstName: string | null;
  lastName: string | null;
  jobTitle: string;
  companyDomain: string;
  location?: string;
  phone?: string;
};

export async function addPeople(db: Db, list: TestPerson[]): Promise<void> {
  const ids = await companyIdsByDomain(
    db,
    list.map((person) => person.companyDomain),
  );
  const rows = list.map((person): PersonRow & { companyId: number } => ({
    firstName: person.firstName,
    lastName: person.lastName,
    jobTitle: person.jobTitle,
    ...classifyTitle(person.jobTitle),
    companyDomain: person.companyDomain,
    location: person.location ?? null,
    linkedinUrl: null,
    phone: person.phone ?? null,
    companyId: ids.get(person.companyDomain)!,
  }));
  await upsertPeople(db, rows);
}
