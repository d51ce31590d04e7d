import type { Db } from '../../platform/database.ts';
import { companyIdsByDomain, upsertCompanies, upsertPeople } from './company-store.ts';
import { type DemoCompany, generateDemoData } from './demo-data.ts';

// The embedded default's company database: a fixed data set, so every screen has content.
export const demoCompanyOptions = {
  seed: 42,
  companies: 3000,
  peoplePerCompany: [2, 25],
} as const;

const batchSize = 500;

async function seedBatch(db: Db, batch: DemoCompany[]): Promise<void> {
  await db.transaction(async (tx) => {
    await upsertCompanies(tx, batch);
    const ids = await companyIdsByDomain(
      tx,
      batch.map((company) => company.domain),
    );
    const people = batch.flatMap((company) =>
      company.people.map((person) => ({
        ...person,
        phone: null,
        companyId: ids.get(company.domain)!,
      })),
    );
    for (let start = 0; start < people.length; start += 5000) {
      await upsertPeople(tx, people.slice(start, start + 5000));
    }
  });
}

// Writes the demo companies and their people once; with the last demo company present the
// data set is complete and nothing is written. Returns whether it seeded.
export async function seedDemoCompanies(db: Db): Promise<boolean> {
  const companies = [...generateDemoData(demoCompanyOptions)];
  const last = companies.at(-1);
  if (!last || (await companyIdsByDomain(db, [last.domain])).size > 0) return false;
  for (let start = 0; start < companies.length; start += batchSize) {
    await seedBatch(db, companies.slice(start, start + batchSize));
  }
  return true;
}
