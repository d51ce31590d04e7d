import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { createLinkTokens } from '../../platform/link-tokens.ts';
import type { MailConnections } from '../../platform/mail/connections.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { inboxTickQueue } from '../campaigns/index.ts';
import { mailboxesToSync, type SyncDeps, syncMailbox } from './sync.ts';

export const inboxSyncQueue = 'inbox-sync';
// A read whose worker died (kill -9, out of memory) frees its mailbox this soon, instead of
// holding it until the job expires (INBOX_IDLE_SECONDS + 15 minutes) with the replies unread.
// Set on each job: the options of a queue that already exists are not updated.
const SYNC_HEARTBEAT_SECONDS = 30;

export function syncDeps(
  config: Config,
  db: Db,
  clock: Clock,
  connections: MailConnections,
  webhookEvents?: WebhookEvents,
): SyncDeps {
  return {
    db,
    connections,
    tokens: createLinkTokens(config.tracking.secret),
    publicUrl: config.publicUrl,
    now: () => clock.now(),
    webhookEvents,
  };
}

// Queues a read of every mailbox in use that has none queued or running (the queue is
// exclusive per mailbox, so a second one is simply not taken). Returns how many were queued.
export async function queueInboxSyncs(
  jobs: Jobs,
  db: Db,
  now: Date,
  pollSeconds: number,
): Promise<number> {
  let queued = 0;
  for (const mailbox of await mailboxesToSync(db, now, pollSeconds)) {
    const id = await jobs.boss.send(
      inboxSyncQueue,
      { mailboxId: mailbox.id },
      {
        singletonKey: mailbox.id,
        startAfter: mailbox.startAfter,
        heartbeatSeconds: SYNC_HEARTBEAT_SECONDS,
      },
    );
    if (id) queued += 1;
  }
  return queued;
}

// How often an idling mailbox looks whether others wait for a worker.
const STEP_ASIDE_CHECK_MS = 15_000;

// Aborted when `signal` is, or as soon as `othersWaiting` says so: an idling mailbox steps
// aside for mailboxes waiting for a worker, so that with more mailboxes in use than
// INBOX_SYNC_CONCURRENCY each is still read every round (the tick queues it again at once).
export function stepAsideWhen(
  othersWaiting: () => Promise<boolean>,
  everyMs: number,
  signal: AbortSignal,
): { signal: AbortSignal; stop: () => void } {
  const aside = new AbortController();
  const onAbort = () => aside.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  const timer = setInterval(() => {
    othersWaiting().then(
      (waiting) => {
        if (waiting) aside.abort();
      },
      // Not knowing is not a reason to stop: the IDLE ends on its own time.
      () => undefined,
    );
  }, everyMs);
  return {
    signal: aside.signal,
    stop: () => {
      clearInterval(timer);
      signal.removeEventListener('abort', onAbort);
    },
  };
}

// Inbox sync: a tick every minute (and one at a campaign's start) queues a job per mailbox; the
// job reads the INBOX and then IDLEs for up to INBOX_IDLE_SECONDS, filing mail as it arrives.
export function defineUniboxJobs(
  jobs: Jobs,
  deps: {
    config: Config;
    db: Db;
    clock: Clock;
    mailConnections: MailConnections;
    webhookEvents: WebhookEvents;
  },
) {
  const sync = syncDeps(deps.config, deps.db, deps.clock, deps.mailConnections, deps.webhookEvents);
  const { idleSeconds, pollSeconds, concurrency } = deps.config.inbox;
  jobs.define({
    name: inboxTickQueue,
    cron: '* * * * *',
    queue: { policy: 'singleton', retryLimit: 0 },
    handler: async () => ({
      queued: await queueInboxSyncs(jobs, deps.db, deps.clock.now(), pollSeconds),
    }),
  });
  jobs.define<{ mailboxId: string }>({
    name: inboxSyncQueue,
    // The next tick queues the mailbox again; a failure is kept in mailbox_sync_state.
    queue: { policy: 'exclusive', retryLimit: 0, expireInSeconds: idleSeconds + 15 * 60 },
    work: { localConcurrency: concurrency },
    handler: async (job) => {
      const othersWaiting = async () =>
        ((await jobs.boss.getQueue(inboxSyncQueue))?.readyCount ?? 0) > 0;
      const aside = stepAsideWhen(othersWaiting, STEP_ASIDE_CHECK_MS, job.signal);
      try {
        return await syncMailbox(sync, job.data.mailboxId, { idleSeconds, signal: aside.signal });
      } finally {
        aside.stop();
      }
    },
  });
}
