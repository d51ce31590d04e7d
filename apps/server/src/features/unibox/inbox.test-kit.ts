import { createLinkTokens } from '../../platform/link-tokens.ts';
import { createMailTransports } from '../../platform/mail/mail-transports.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { insertMailbox } from '../campaigns/campaigns.test-kit.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import {
  type MailAccount,
  type RunningServer,
  startImapServer,
} from '../mailboxes/mail-servers.test-kit.ts';
import { seededRandom } from '../sender/seeded-random.ts';
import { sendOne } from '../sender/send-one.ts';
import { type SmtpSink, startSmtpSink } from '../sender/smtp-sink.test-kit.ts';
import { runTick } from '../sender/tick.ts';
import type { SyncDeps } from './sync.ts';

export type InboxWorld = {
  t: TestContext;
  call: MailCall;
  userId: string;
  imap: RunningServer;
  sink: SmtpSink;
  deps: SyncDeps;
  // One tick of the sender at the test's time, and every send it plans.
  tickAndSend: () => Promise<number>;
  // A user's mailbox on one of the IMAP server's accounts, sending through the sink, no gaps.
  addMailbox: (userId: string, account: MailAccount) => Promise<string>;
  close: () => Promise<void>;
};

// A mail user, a real IMAP server with the given accounts and an SMTP sink: the sender runs on
// the test's clock (`now`), the inbox sync on real time (IMAP dates are real).
export async function startInboxWorld(
  accounts: MailAccount[],
  now: () => Date,
): Promise<InboxWorld> {
  const t = await createTestContext({ env: { MAIL_ALLOW_PRIVATE_HOSTS: 'true' } });
  const { call, id: userId } = await mailUser(t);
  const imap = await startImapServer(accounts);
  const sink = await startSmtpSink();
  const transports = createMailTransports(t.mailConnections);
  const tokens = createLinkTokens(t.config.tracking.secret);
  const sendDeps = { db: t.db, now, publicUrl: t.config.publicUrl, tokens, transports };
  return {
    t,
    call,
    userId,
    imap,
    sink,
    deps: {
      db: t.db,
      connections: t.mailConnections,
      tokens,
      publicUrl: t.config.publicUrl,
      now: () => new Date(),
    },
    tickAndSend: async () => {
      const queued = await runTick(t.db, now(), seededRandom(7));
      for (const send of queued) await sendOne(sendDeps, send.id);
      return queued.length;
    },
    addMailbox: (owner, account) =>
      insertMailbox(t, owner, {
        email: account.user,
        password: account.password,
        smtpPort: sink.port,
        imapPort: imap.port,
        minEmailGap: 0,
        maxEmailGap: 1,
      }),
    close: async () => {
      transports.close();
      await sink.stop();
      await imap.stop();
      await t.close();
    },
  };
}
