import type { Config } from './config.ts';
import { hashPassword } from './features/auth/passwords.ts';
import { findUserByEmail, insertUser } from './features/auth/queries.ts';
import { seedDemoCompanies } from './features/companies/demo-seed.ts';
import { applyCreditEntry } from './features/credits/credit-ledger.ts';
import { ensureFreePlan, planGrantKey } from './features/credits/queries.ts';
import { vectoriseNewCompanies } from './features/lookalike/vector-store.ts';
import { createLinkTokens } from './features/tracking/link-tokens.ts';
import { seedDemoMail } from './features/unibox/demo-mail.ts';
import type { Clock } from './platform/clock.ts';
import type { Db } from './platform/database.ts';
import type { PasswordBox } from './platform/mail/password-box.ts';

export const demoUser = { username: 'demo@mailhound.dev', password: 'Demo1234' } as const;

// The demo data of the embedded default: the demo user, the company database and a campaign
// with answers in the Unibox. Idempotent: running it again changes nothing.
export async function seedDemo(
  db: Db,
  config: Pick<Config, 'defaultSections' | 'publicUrl' | 'tracking'>,
  clock: Clock,
  box: PasswordBox,
): Promise<void> {
  const passwordHash = await hashPassword(demoUser.password);
  const userId = await db.transaction(async (tx) => {
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
    return user.id;
  });
  await seedDemoCompanies(db);
  await vectoriseNewCompanies(db);
  await seedDemoMail(
    {
      db,
      tokens: createLinkTokens(config.tracking.secret),
      publicUrl: config.publicUrl,
      box,
      now: clock.now(),
    },
    userId,
  );
}
