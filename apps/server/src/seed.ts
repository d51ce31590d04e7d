import type { Config } from './config.ts';
import { findUserByEmail, hashPassword, insertUser } from './features/auth/index.ts';
import { seedDemoCompanies } from './features/companies/index.ts';
import { applyCreditEntry, ensureFreePlan, planGrantKey } from './features/credits/index.ts';
import { vectoriseNewCompanies } from './features/lookalike/index.ts';
import { seedDemoMail } from './features/unibox/index.ts';
import type { Clock } from './platform/clock.ts';
import type { Db } from './platform/database.ts';
import { createLinkTokens } from './platform/link-tokens.ts';
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
