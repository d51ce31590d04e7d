import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImapFlow } from 'imapflow';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import {
  type MailAccount,
  type RunningServer,
  signInToImap,
  startImapServer,
} from '../mailboxes/mail-servers.test-kit.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.test-kit.ts';

export type CrashRun = {
  t: TestContext;
  sink: SmtpSink;
  imapPort: number;
  // Called with each message before the sink accepts it (after it is filed in Sent): the test
  // kills a worker or pauses a campaign there, while the worker waits for the answer.
  onMessage: (watch: ((raw: string) => void | Promise<void>) | undefined) => void;
  // Resolves once every message received so far is filed in Sent.
  filed: () => Promise<void>;
  // A worker process (crash-worker.test-kit.ts) draining the due sends of the test's database.
  startWorker: () => ChildProcess;
  stop: () => Promise<void>;
};

// A test context, an SMTP sink that, like a provider, files each message in the account's Sent
// folder on an IMAP server before it answers 250, and worker processes the test can SIGKILL.
export async function startCrashRun(account: MailAccount): Promise<CrashRun> {
  const t = await createTestContext({ env: { MAIL_ALLOW_PRIVATE_HOSTS: 'true' } });
  const imap: RunningServer = await startImapServer([account]);
  const filer: ImapFlow = await signInToImap(imap, account);
  await filer.mailboxCreate('Sent');
  let filing = Promise.resolve();
  let watch: ((raw: string) => void | Promise<void>) | undefined;
  const sink = await startSmtpSink({
    onMessage: (raw) => {
      filing = filing.then(async () => {
        await filer.append('Sent', raw, ['\\Seen']);
      });
      return filing.then(() => watch?.(raw));
    },
  });
  // Each worker's DATA_DIR, removed at the end.
  const workerDirs: string[] = [];
  return {
    t,
    sink,
    imapPort: imap.port,
    onMessage: (next) => {
      watch = next;
    },
    filed: () => filing,
    startWorker: () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'mailhound-crash-'));
      workerDirs.push(dataDir);
      return spawn(process.execPath, [join(import.meta.dirname, 'crash-worker.test-kit.ts')], {
        env: {
          ...process.env,
          DATABASE_URL: t.config.databaseUrl ?? '',
          DATA_DIR: dataDir,
          JWT_SECRET: t.config.jwtSecret,
          MAILBOX_SECRET_KEY: t.config.mailboxes.secretKey,
          TRACKING_SECRET: t.config.tracking.secret,
          PUBLIC_URL: t.config.publicUrl,
          MAIL_ALLOW_PRIVATE_HOSTS: 'true',
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
    },
    stop: async () => {
      await sink.stop();
      await filer.logout();
      await imap.stop();
      await t.close();
      for (const dir of workerDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Resolves once the worker has loaded and starts sending.
export const workerReady = (child: ChildProcess) =>
  new Promise<void>((done) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) done();
    });
    child.once('exit', () => done());
  });

export const workerExited = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
