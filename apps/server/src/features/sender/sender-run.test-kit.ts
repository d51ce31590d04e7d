import { afterAll, beforeAll } from 'vitest';
import { createLinkTokens } from '../../platform/link-tokens.ts';
import { createMailTransports } from '../../platform/mail/mail-transports.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { seededRandom } from './seeded-random.ts';
import { type SendDeps, type SendResult, sendOne } from './send-one.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.test-kit.ts';
import { runTick } from './tick.ts';

export type SenderRun = {
  sink: SmtpSink;
  deps: SendDeps;
  // One tick at the run's clock, then every send it queued, in order.
  tickAndSend: () => Promise<SendResult[]>;
  stop: () => Promise<void>;
};

// The sender against an SMTP sink, on a clock the test moves.
export async function startSenderRun(t: TestContext, now: () => Date): Promise<SenderRun> {
  const sink = await startSmtpSink();
  const transports = createMailTransports(t.mailConnections);
  const deps: SendDeps = {
    db: t.db,
    now,
    publicUrl: t.config.publicUrl,
    tokens: createLinkTokens(t.config.tracking.secret),
    transports,
  };
  return {
    sink,
    deps,
    tickAndSend: async () => {
      const queued = await runTick(t.db, now(), seededRandom(3));
      const results: SendResult[] = [];
      for (const send of queued) results.push(await sendOne(deps, send.id));
      return results;
    },
    stop: async () => {
      transports.close();
      await sink.stop();
    },
  };
}

// A test file's context (private mail hosts allowed) and sender run on the file's clock, made
// before its tests and closed after them.
export function senderRunForFile(now: () => Date): { t: TestContext; run: SenderRun } {
  const file = {} as { t: TestContext; run: SenderRun };
  beforeAll(async () => {
    file.t = await createTestContext({ env: { MAIL_ALLOW_PRIVATE_HOSTS: 'true' } });
    file.run = await startSenderRun(file.t, now);
  });
  afterAll(async () => {
    await file.run?.stop();
    await file.t?.close();
  });
  return file;
}
