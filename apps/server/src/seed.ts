import type { Config } from './config.ts';
import { hashPassword } from './features/auth/passwords.ts';
import { findUserByEmail, insertUser } from './features/auth/queries.ts';
import { seedDemoCompanies } from './features/companies/demo-seed.ts';
import { applyCreditEntry } from './features/credits/credit-ledger.ts';
import { ensureFreePlan, planGrantKey } from './features/credits/queries.ts';
import { vectoriseNewCompanies } from './features/lookalike/vector-store.ts';
import type { Clock } from './platform/clock.ts';
import type { Db } from './platform/database.ts';

export const demoUser = { username: 'demo@mailhound.dev', password: 'Demo1234' } as const;

// The demo data of the embedded default. Idempotent: running it again changes nothing.
export async function seedDemo(
  db: Db,
  config: Pick<Config, 'defaultSections'>,
  clock: Clock,
): Promise<void> {
  const passwordHash = await hashPassword(demoUser.password);
  await db.transaction(async (tx) => {
    const plan = await ensureFreePlan(tx);
    const user =
      (await findUserByEmail(tx, demoUser.username)) ??
      (await insertUser(tx, {
        username: demoUser.username,
        passwordHash,
        fname: 'Demo',
        lname: 'User',
        status: 'active',
        properties: { sections: [...config.defaultSections] },
        loginProvider: 'local',
        planId: plan.id,
      }));
    await applyCreditEntry(tx, {
      userId: user.id,
      kind: 'plan_grant',
      amount: plan.rules.credits,
      leadAmount: plan.rules.lead_search_credits,
      idempotencyKey: planGrantKey(user.id, clock.now()),
    });
  });
  await seedDemoCompanies(db);
  await vectoriseNewCompanies(db);
}
