import type { Challenge } from 'altcha-lib';
import { lt } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import { createAltcha } from './altcha.ts';
import { usedBotChecks } from './schema.ts';
import { createTurnstile } from './turnstile.ts';

export const botCheckFailed = 'Bot check failed. Please try again.';

// What the web needs to show the right widget.
export type BotCheckSettings = { provider: 'altcha' } | { provider: 'turnstile'; siteKey: string };

export type BotCheck = {
  settings: BotCheckSettings;
  // An ALTCHA challenge; undefined when Turnstile is in use.
  challenge: (() => Promise<Challenge>) | undefined;
  // Whether the token proves a person; a token passes at most once.
  verify: (token: string | undefined, clientAddress: string) => Promise<boolean>;
};

const altchaTtlMs = 10 * 60_000;
const turnstileTimeoutMs = 10_000;

export function createBotCheck(deps: {
  config: Config['botCheck'];
  db: Db;
  clock: Clock;
}): BotCheck {
  const { config, db, clock } = deps;
  if (config.turnstile) {
    const turnstile = createTurnstile({
      secretKey: config.turnstile.secretKey,
      verifyUrl: config.turnstile.verifyUrl,
      timeoutMs: turnstileTimeoutMs,
    });
    return {
      settings: { provider: 'turnstile', siteKey: config.turnstile.siteKey },
      challenge: undefined,
      verify: async (token, clientAddress) =>
        token ? turnstile.verify(token, clientAddress) : false,
    };
  }
  const altcha = createAltcha({
    hmacKey: config.altchaHmacKey,
    maxNumber: config.altchaMaxNumber,
    ttlMs: altchaTtlMs,
  });
  return {
    settings: { provider: 'altcha' },
    challenge: () => altcha.challenge(clock.now()),
    verify: async (token) => {
      const proof = token ? await altcha.verify(token) : undefined;
      if (!proof) return false;
      // The first use records the proof; a replay finds it (in whichever API process).
      const recorded = await db
        .insert(usedBotChecks)
        .values({ key: proof.key, expiresAt: proof.expiresAt })
        .onConflictDoNothing()
        .returning({ key: usedBotChecks.key });
      return recorded.length === 1;
    },
  };
}

// Used proofs are kept until their challenge expires; after that the signature check refuses
// them anyway.
export async function deleteExpiredBotChecks(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(usedBotChecks)
    .where(lt(usedBotChecks.expiresAt, now))
    .returning({ key: usedBotChecks.key });
  return deleted.length;
}
