import { eq, min, sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import type { Db } from '../../platform/database.ts';
import type { LinkTokens } from '../../platform/link-tokens.ts';
import type { MailConnections } from '../../platform/mail/connections.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { mailboxes } from '../mailboxes/schema.ts';
import { campaignSends } from '../sender/schema.ts';
import { MESSAGE_READ_LIMIT } from './classify.ts';
import { fileMessage } from './file-message.ts';
import { mailboxSyncState } from './schema.ts';

const IMAP_TIMEOUT_MS = 30_000;
const DAY_MS = 86_400_000;
// Messages downloaded per FETCH.
const BATCH = 50;

export type SyncDeps = {
  db: Db;
  connections: MailConnections;
  tokens: LinkTokens;
  publicUrl: string;
  now: () => Date;
  webhookEvents?: WebhookEvents | undefined;
};

export type SyncOptions = {
  // How long to wait for new mail with IDLE after reading what is there; 0 reads and returns.
  idleSeconds: number;
  // Ends the IDLE early (the job is being stopped, or a test has seen what it waited for).
  signal?: AbortSignal;
};

export type SyncResult = { filed: number; idled: boolean };

type MailboxRow = typeof mailboxes.$inferSelect;

async function saveState(
  db: Db,
  mailboxId: string,
  values: Partial<typeof mailboxSyncState.$inferInsert>,
) {
  await db
    .insert(mailboxSyncState)
    .values({ mailboxId, ...values })
    .onConflictDoUpdate({ target: mailboxSyncState.mailboxId, set: values });
}

function connect(deps: SyncDeps, mailbox: MailboxRow): Promise<ImapFlow> {
  return deps.connections.connectImap(mailbox, {
    timeoutMs: IMAP_TIMEOUT_MS,
    socketTimeoutMs: 10 * 60_000,
    // IDLE is started by hand, only after the INBOX has been read.
    disableAutoIdle: true,
  });
}

// Where a fresh read starts: our Message-IDs were made when the mailbox first sent, so older
// mail can not answer them (SEARCH SINCE counts whole days, hence a day of margin).
async function firstSendAt(db: Db, mailboxId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(campaignSends.createdAt) })
    .from(campaignSends)
    .where(eq(campaignSends.mailboxId, mailboxId));
  return row?.at ? new Date(row.at) : null;
}

// Reads a mailbox's INBOX from where the last run stopped and files every new message, then
// (when the server has IDLE and idleSeconds > 0) waits for new mail and files it as it comes.
// No database connection is held while waiting.
export async function syncMailbox(
  deps: SyncDeps,
  mailboxId: string,
  options: SyncOptions,
): Promise<SyncResult> {
  const [mailbox] = await deps.db.select().from(mailboxes).where(eq(mailboxes.id, mailboxId));
  if (!mailbox) return { filed: 0, idled: false };
  const [state] = await deps.db
    .select()
    .from(mailboxSyncState)
    .where(eq(mailboxSyncState.mailboxId, mailboxId));
  let client: ImapFlow | undefined;
  let filed = 0;
  let idled = false;
  try {
    client = await connect(deps, mailbox);
    const imap = client;
    const lock = await imap.getMailboxLock('INBOX', { readOnly: true });
    try {
      const opened = imap.mailbox;
      if (!opened) throw new Error('INBOX could not be opened');
      const uidValidity = Number(opened.uidValidity);
      let lastUid = state?.uidValidity === uidValidity ? state.lastUid : 0;
      let fresh = lastUid === 0;
      const idleSupported = imap.capabilities.has('IDLE');
      await saveState(deps.db, mailboxId, { uidValidity, lastUid, idleSupported });

      const readNew = async () => {
        let uids: number[];
        if (fresh) {
          const since = await firstSendAt(deps.db, mailboxId);
          const found = since
            ? await imap.search({ since: new Date(since.getTime() - DAY_MS) }, { uid: true })
            : [];
          uids = found || [];
        } else {
          const found = await imap.search({ uid: `${lastUid + 1}:*` }, { uid: true });
          uids = found || [];
        }
        uids = uids.filter((uid) => uid > lastUid).sort((a, b) => a - b);
        // Whatever a fresh read did not pick is older than our first send.
        const floor = fresh ? opened.uidNext - 1 : 0;
        for (let start = 0; start < uids.length; start += BATCH) {
          const batch = uids.slice(start, start + BATCH);
          // A message's first MESSAGE_READ_LIMIT bytes, and its size: a large attachment is
          // not downloaded to be thrown away.
          const messages = await imap.fetchAll(
            batch.join(','),
            {
              uid: true,
              size: true,
              source: { start: 0, maxLength: MESSAGE_READ_LIMIT },
              internalDate: true,
            },
            { uid: true },
          );
          messages.sort((a, b) => a.uid - b.uid);
          for (const message of messages) {
            if (!message.source) continue;
            const internal = message.internalDate;
            const receivedAt = internal ? new Date(internal) : deps.now();
            const result = await fileMessage(
              deps,
              mailbox,
              message.source,
              { uidValidity, uid: message.uid },
              receivedAt,
              message.size,
            );
            if (result !== 'duplicate') filed += 1;
            lastUid = message.uid;
            // A crash re-reads at most the message being filed; its key makes that harmless.
            await saveState(deps.db, mailboxId, { lastUid });
          }
        }
        if (floor > lastUid) {
          lastUid = floor;
          await saveState(deps.db, mailboxId, { lastUid });
        }
        fresh = false;
      };

      await readNew();
      await saveState(deps.db, mailboxId, { lastSyncedAt: deps.now(), lastError: null });
      if (idleSupported && options.idleSeconds > 0 && !options.signal?.aborted) {
        idled = true;
        await idleFor(imap, options, async () => {
          await readNew();
          await saveState(deps.db, mailboxId, { lastSyncedAt: deps.now() });
        });
      }
    } finally {
      lock.release();
    }
  } catch (error) {
    await saveState(deps.db, mailboxId, { lastError: (error as Error).message });
    throw error;
  } finally {
    await client?.logout().catch(() => client?.close());
  }
  return { filed, idled };
}

// IDLE until the time is up, reading new mail whenever the server announces it (EXISTS).
async function idleFor(imap: ImapFlow, options: SyncOptions, readNew: () => Promise<void>) {
  const deadline = Date.now() + options.idleSeconds * 1000;
  let announced = false;
  let wake: () => void = () => undefined;
  const onExists = () => {
    announced = true;
    wake();
  };
  const onAbort = () => wake();
  imap.on('exists', onExists);
  options.signal?.addEventListener('abort', onAbort);
  try {
    while (Date.now() < deadline && !options.signal?.aborted && imap.usable) {
      // Caught at once: a dropped connection must not become an unhandled rejection while we wait.
      let failure: Error | undefined;
      const idling = imap.idle().catch((error: Error) => {
        failure = error;
        wake();
      });
      if (!announced && !failure) {
        await new Promise<void>((done) => {
          const timer = setTimeout(done, deadline - Date.now());
          wake = () => {
            clearTimeout(timer);
            done();
          };
        });
      }
      if (failure) throw failure;
      // Any command ends the IDLE; reading the new mail is the one we need anyway.
      const due = announced;
      announced = false;
      if (due) await readNew();
      else await imap.noop();
      await idling;
      if (failure) throw failure;
    }
  } finally {
    imap.off('exists', onExists);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

// One read of the INBOX without waiting for new mail (tests, and servers without IDLE).
export function syncMailboxOnce(deps: SyncDeps, mailboxId: string): Promise<SyncResult> {
  return syncMailbox(deps, mailboxId, { idleSeconds: 0 });
}

// Mailboxes whose INBOX is worth reading: they send for a campaign or have conversations.
export async function mailboxesToSync(
  db: Db,
  now: Date,
  pollSeconds: number,
): Promise<{ id: string; startAfter: Date }[]> {
  const rows = await db.execute<{ id: string; last_synced_at: string | null; idle: boolean }>(sql`
    select m.id, s.last_synced_at, coalesce(s.idle_supported, false) as idle
    from mailboxes m
    left join mailbox_sync_state s on s.mailbox_id = m.id
    where m.status = 'active'
      and (exists (select 1 from campaign_mailboxes cm where cm.mailbox_id = m.id)
           or exists (select 1 from inbox_threads t where t.mailbox_id = m.id))
    order by s.last_synced_at nulls first`);
  return rows.rows.map((row) => {
    // A server with IDLE is read again at once; without it, after the poll interval.
    const last = row.last_synced_at ? new Date(row.last_synced_at).getTime() : 0;
    const at = row.idle ? now.getTime() : Math.max(now.getTime(), last + pollSeconds * 1000);
    return { id: row.id, startAfter: new Date(at) };
  });
}
