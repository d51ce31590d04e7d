import { randomUUID } from 'node:crypto';
import type {
  MailboxAnswer,
  MailboxCampaign,
  MailboxConnection,
  MailboxDetails,
  MailboxPayload,
  SendingLimits,
} from '@mailhound/contracts';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { MailConnections } from '../../platform/mail/connections.ts';
import {
  containsPattern,
  isId,
  isoDate,
  offsetOf,
  type PageQuery,
  pageFields,
} from '../../platform/paging.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { type CheckOutcome, checkMailbox } from './connection-check.ts';
import { mailboxes } from './schema.ts';

export const mailboxNotFound = 'Mailbox not found';
export const mailboxDeleted = 'The mailbox was deleted.';
export const mailboxInUse = 'This mailbox has already been added.';

// Sending limits of a new mailbox: a cautious daily volume and 5 to 10 minutes between mails.
export const defaultLimits: SendingLimits = {
  emails_limit: 30,
  min_email_gap: 300,
  max_email_gap: 600,
};

type MailboxRow = typeof mailboxes.$inferSelect;

export function mailboxAnswer(row: MailboxRow): MailboxAnswer {
  return {
    id: row.id,
    status: row.status,
    status_message: row.statusMessage,
    email: row.email,
    name: row.name,
    description: row.description,
    smtp_host: row.smtpHost,
    smtp_port: row.smtpPort,
    imap_host: row.imapHost,
    imap_port: row.imapPort,
    emails_limit: row.emailsLimit,
    min_email_gap: row.minEmailGap,
    max_email_gap: row.maxEmailGap,
    created: isoDate(row.createdAt),
    health: row.health?.state ?? null,
    ramp_started: row.rampStartedAt ? isoDate(row.rampStartedAt) : null,
    sending_paused_reason: row.sendingStoppedReason,
  };
}

export type MailboxDeps = { db: Db; connections: MailConnections; now: () => Date };

// The campaigns that send from a mailbox, which a deletion may leave without one. Campaigns
// answers it (its tables reference mailboxes, not the other way); app.ts passes it in.
export type MailboxCampaigns = {
  using: (
    db: Queryable,
    userId: string,
    mailboxId: string,
    options?: { lock?: boolean },
  ) => Promise<MailboxCampaign[]>;
  pauseWithoutMailbox: (
    db: Queryable,
    campaignIds: string[],
    deletedMailboxId: string,
  ) => Promise<void>;
};

type Connection = Omit<MailboxConnection, 'password'> & { password: string };

// Refuses private hosts (400) before anything is stored, then checks both logins.
async function check(deps: MailboxDeps, connection: Connection): Promise<CheckOutcome> {
  const [smtp, imap] = await Promise.all([
    deps.connections.resolveHost(connection.smtp_host),
    deps.connections.resolveHost(connection.imap_host),
  ]);
  return checkMailbox(
    { resolved: smtp, port: connection.smtp_port },
    { resolved: imap, port: connection.imap_port },
    { user: connection.email, password: connection.password },
  );
}

function inUse(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(mailboxInUse);
  throw error;
}

export async function findMailbox(db: Db, userId: string, id: string): Promise<MailboxRow> {
  if (!isId(id)) throw notFound(mailboxNotFound);
  const [row] = await db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.id, id), eq(mailboxes.userId, userId)));
  if (!row) throw notFound(mailboxNotFound);
  return row;
}

export async function createMailbox(
  deps: MailboxDeps,
  userId: string,
  payload: MailboxPayload,
): Promise<MailboxRow> {
  const outcome = await check(deps, payload);
  const id = randomUUID();
  const [row] = await deps.db
    .insert(mailboxes)
    .values({
      id,
      userId,
      status: outcome.status,
      statusMessage: outcome.statusMessage,
      email: payload.email,
      name: payload.name,
      description: payload.description,
      passwordEncrypted: deps.connections.box.seal(payload.password, id),
      smtpHost: payload.smtp_host,
      smtpPort: payload.smtp_port,
      imapHost: payload.imap_host,
      imapPort: payload.imap_port,
      emailsLimit: defaultLimits.emails_limit,
      minEmailGap: defaultLimits.min_email_gap,
      maxEmailGap: defaultLimits.max_email_gap,
      // A new mailbox ramps up (issue 25) until the user turns it off.
      rampStartedAt: deps.now(),
    })
    .returning()
    .catch(inUse);
  if (!row) throw new Error('insert returned nothing');
  return row;
}

async function update(
  db: Db,
  userId: string,
  id: string,
  values: Partial<typeof mailboxes.$inferInsert>,
): Promise<MailboxRow> {
  const [row] = await db
    .update(mailboxes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(mailboxes.id, id), eq(mailboxes.userId, userId)))
    .returning()
    .catch(inUse);
  if (!row) throw notFound(mailboxNotFound);
  return row;
}

export async function updateDetails(db: Db, userId: string, id: string, details: MailboxDetails) {
  await findMailbox(db, userId, id);
  return update(db, userId, id, details);
}

// ramp_up turned on starts the ramp again from today; left on, it goes on where it was.
export async function updateLimits(
  db: Db,
  userId: string,
  id: string,
  limits: SendingLimits,
  now: Date,
) {
  const current = await findMailbox(db, userId, id);
  const ramp =
    limits.ramp_up === undefined
      ? {}
      : { rampStartedAt: limits.ramp_up ? (current.rampStartedAt ?? now) : null };
  return update(db, userId, id, {
    emailsLimit: limits.emails_limit,
    minEmailGap: limits.min_email_gap,
    maxEmailGap: limits.max_email_gap,
    ...ramp,
  });
}

// When the mailbox's latest send (sent or bounced) was due, as its bounce window orders them.
async function latestScheduledSend(db: Queryable, id: string): Promise<Date | null> {
  const result = await db.execute<{ at: number | null }>(sql`
    select (extract(epoch from max(scheduled_at)) * 1000)::float8 as at
    from campaign_sends where mailbox_id = ${id} and status in ('sent', 'bounced')`);
  const at = result.rows[0]?.at;
  return at === null || at === undefined ? null : new Date(at);
}

// The user resumes a stopped mailbox: it sends again, and bounce and complaint protection judge
// its sends from here on. A mailbox that sends already is answered as it is.
export async function resumeSending(db: Db, userId: string, id: string): Promise<MailboxRow> {
  return db.transaction(async (tx) => {
    if (!isId(id)) throw notFound(mailboxNotFound);
    const [current] = await tx
      .select()
      .from(mailboxes)
      .where(and(eq(mailboxes.id, id), eq(mailboxes.userId, userId)))
      .for('update');
    if (!current) throw notFound(mailboxNotFound);
    if (current.sendingStoppedAt === null) return current;
    const [row] = await tx
      .update(mailboxes)
      .set({
        sendingStoppedAt: null,
        sendingStoppedReason: null,
        guardedSince: await latestScheduledSend(tx, id),
        updatedAt: new Date(),
      })
      .where(eq(mailboxes.id, id))
      .returning();
    if (!row) throw notFound(mailboxNotFound);
    return row;
  });
}

// Without a new password the stored one is checked against the new servers.
export async function updateConnection(
  deps: MailboxDeps,
  userId: string,
  id: string,
  connection: MailboxConnection,
): Promise<MailboxRow> {
  const current = await findMailbox(deps.db, userId, id);
  const password = connection.password || deps.connections.box.open(current.passwordEncrypted, id);
  const outcome = await check(deps, { ...connection, password });
  return update(deps.db, userId, id, {
    status: outcome.status,
    statusMessage: outcome.statusMessage,
    email: connection.email,
    passwordEncrypted: deps.connections.box.seal(password, id),
    smtpHost: connection.smtp_host,
    smtpPort: connection.smtp_port,
    imapHost: connection.imap_host,
    imapPort: connection.imap_port,
  });
}

// A campaign that keeps another active mailbox goes on from it. An active one left without is
// paused in the same transaction (product-spec §4), rather than staying active while the
// sender skips it.
export async function deleteMailbox(
  db: Db,
  campaigns: MailboxCampaigns,
  userId: string,
  id: string,
): Promise<void> {
  if (!isId(id)) throw notFound(mailboxNotFound);
  await db.transaction(async (tx) => {
    const using = await campaigns.using(tx, userId, id, { lock: true });
    const deleted = await tx
      .delete(mailboxes)
      .where(and(eq(mailboxes.id, id), eq(mailboxes.userId, userId)))
      .returning({ id: mailboxes.id });
    if (deleted.length === 0) throw notFound(mailboxNotFound);
    await campaigns.pauseWithoutMailbox(
      tx,
      using.map((campaign) => campaign.id),
      id,
    );
  });
}

export async function listMailboxes(
  db: Db,
  userId: string,
  query: PageQuery & { key?: string | undefined },
) {
  const pattern = query.key ? containsPattern(query.key) : undefined;
  const where: SQL | undefined = and(
    eq(mailboxes.userId, userId),
    pattern
      ? or(
          ilike(mailboxes.email, pattern),
          ilike(mailboxes.name, pattern),
          ilike(mailboxes.description, pattern),
        )
      : undefined,
  );
  const [counted] = await db.select({ total: count() }).from(mailboxes).where(where);
  const rows = await db
    .select()
    .from(mailboxes)
    .where(where)
    .orderBy(desc(mailboxes.createdAt), mailboxes.id)
    .limit(query.count)
    .offset(offsetOf(query));
  return { mailboxes: rows.map(mailboxAnswer), ...pageFields(query, counted?.total ?? 0) };
}
