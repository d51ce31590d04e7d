import { stepVariant } from '@mailhound/contracts';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/database.ts';
import { HttpError } from '../../platform/errors.ts';
import type { LinkTokens } from '../../platform/link-tokens.ts';
import type { MailTransports } from '../../platform/mail/mail-transports.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { skippedByVerdict } from '../campaigns/index.ts';
import { campaigns } from '../campaigns/schema.ts';
import { customers } from '../contacts/schema.ts';
import { mailboxes } from '../mailboxes/schema.ts';
import { recordPeopleSeen } from '../search/index.ts';
import { isSuppressed, suppressContact } from '../suppression/index.ts';
import { guardAtWindowStart, guardSendRates } from './bounce-guard.ts';
import { composeMail } from './compose.ts';
import { campaignContacts, campaignSends, unsubscribes } from './schema.ts';
import { classifySmtpError, refusedAsNoSuchMailbox } from './smtp-outcome.ts';

// A refused-for-now message is tried again later, a few times.
export const MAX_ATTEMPTS = 5;
const RETRY_DELAY_MS = 10 * 60_000;

export type SendResult =
  | { status: 'sent' | 'bounced' | 'failed' | 'sending' }
  | { status: 'retry'; at: Date }
  | { status: 'skipped' };

export type SendDeps = {
  db: Db;
  now: () => Date;
  publicUrl: string;
  tokens: LinkTokens;
  transports: MailTransports;
  webhookEvents?: WebhookEvents | undefined;
};

// The send is taken back as if never planned: the contact is where it was before it, to be
// planned again (or not) by a later tick.
async function withdraw(db: Queryable, send: typeof campaignSends.$inferSelect) {
  await db.delete(campaignSends).where(eq(campaignSends.id, send.id));
  const contact = and(
    eq(campaignContacts.campaignId, send.campaignId),
    eq(campaignContacts.customerId, send.customerId),
    eq(campaignContacts.state, 'waiting'),
  );
  if (send.step === 0) await db.delete(campaignContacts).where(contact);
  else
    await db
      .update(campaignContacts)
      .set({ lastStep: send.step - 1, state: 'ready' })
      .where(contact);
}

type Claimed = {
  send: typeof campaignSends.$inferSelect;
  campaign: typeof campaigns.$inferSelect;
  customer: typeof customers.$inferSelect;
  mailbox: typeof mailboxes.$inferSelect;
  earlier: string[];
  // The variant of the first step this contact got: a follow-up answers its subject.
  firstVariant: number;
};

// queued → sending, in one transaction with the checks: a send no longer wanted (campaign
// paused or deleted, mailbox deleted, contact unsubscribed, bounced, on the do-not-email list,
// left out by its address's verdict, or stopped, its mailbox's sending paused) is withdrawn,
// never sent.
async function claim(deps: SendDeps, sendId: string): Promise<Claimed | undefined> {
  return deps.db.transaction(async (tx) => {
    const [send] = await tx
      .select()
      .from(campaignSends)
      .where(eq(campaignSends.id, sendId))
      .for('update');
    if (send?.status !== 'queued') return undefined;
    // Everything the send needs, in one round trip.
    const [found] = await tx
      .select({
        campaign: campaigns,
        customer: customers,
        contact: campaignContacts,
        mailbox: mailboxes,
        unsubscribed: sql<boolean>`exists (select 1 from ${unsubscribes} where ${unsubscribes.customerId} = ${send.customerId})`,
        suppressed: sql<boolean>`${isSuppressed(sql`${customers.userId}`, sql`${customers.email}`)}`,
        // A verdict that came in after the tick planned the send (issue 25).
        skippedByVerdict: sql<boolean>`${skippedByVerdict(
          sql`${customers.userId}`,
          sql`${customers.email}`,
          sql`${campaigns.includeRisky}`,
        )}`,
      })
      .from(campaigns)
      .leftJoin(customers, eq(customers.id, send.customerId))
      .leftJoin(
        campaignContacts,
        and(
          eq(campaignContacts.campaignId, campaigns.id),
          eq(campaignContacts.customerId, send.customerId),
        ),
      )
      .leftJoin(mailboxes, eq(mailboxes.id, sql`${send.mailboxId}`))
      .where(eq(campaigns.id, send.campaignId));
    const campaign = found?.campaign;
    const customer = found?.customer ?? undefined;
    const contact = found?.contact ?? undefined;
    const unsubscribed = found?.unsubscribed ?? false;
    const suppressed = found?.suppressed ?? false;
    const verdictSkips = found?.skippedByVerdict ?? false;
    const step = campaign?.steps[send.step];
    const mailbox = found?.mailbox ?? undefined;
    const wanted =
      campaign?.status === 'active' &&
      customer !== undefined &&
      customer.bouncedAt === null &&
      step !== undefined &&
      !unsubscribed &&
      !suppressed &&
      !verdictSkips &&
      // A deleted mailbox, or one bounce or complaint protection stopped after the tick planned
      // the send: the step is planned again from another mailbox of the campaign.
      mailbox !== undefined &&
      mailbox.sendingStoppedAt === null &&
      contact?.state === 'waiting' &&
      !(campaign.stopAfterReply && contact.repliedAt);
    if (!wanted || !campaign || !customer || !mailbox) {
      await withdraw(tx, send);
      return undefined;
    }
    const earlierRows =
      send.step === 0
        ? []
        : await tx
            .select({
              messageId: campaignSends.messageId,
              step: campaignSends.step,
              variant: campaignSends.variant,
            })
            .from(campaignSends)
            .where(
              and(
                eq(campaignSends.campaignId, send.campaignId),
                eq(campaignSends.customerId, send.customerId),
                lt(campaignSends.step, send.step),
                eq(campaignSends.status, 'sent'),
              ),
            )
            .orderBy(asc(campaignSends.step));
    const [claimed] = await tx
      .update(campaignSends)
      .set({
        status: 'sending',
        sendingAt: deps.now(),
        attempts: sql`${campaignSends.attempts} + 1`,
      })
      .where(eq(campaignSends.id, send.id))
      .returning();
    if (!claimed) return undefined;
    return {
      send: claimed,
      campaign,
      customer,
      mailbox,
      earlier: earlierRows.map((row) => row.messageId),
      firstVariant:
        send.step === 0 ? send.variant : earlierRows[0]?.step === 0 ? earlierRows[0].variant : 0,
    };
  });
}

// The row and the contact's state in one statement: no transaction round trips. A recipient
// refused for good is marked bounced in that same statement, as a bounce report marks it
// (unibox/file-message.ts), so that no campaign writes to it again; its address then shows on
// the do-not-email list, bounce protection looks at the rates, and the user's webhooks hear of
// it in the same transaction (issue 23), with no thread: no report was filed.
async function finish(
  deps: SendDeps,
  { send, campaign, customer }: Claimed,
  status: 'sent' | 'bounced' | 'failed',
  error: string | null,
) {
  const now = deps.now();
  const contact =
    status === 'sent'
      ? sql`state = 'ready', last_sent_at = ${now}`
      : sql`state = 'stopped', stop_reason = ${status}`;
  const markBounced =
    status === 'bounced'
      ? sql`, marked as (
      update ${customers} set bounced_at = coalesce(${customers.bouncedAt}, ${now})
      from settled where ${customers.id} = settled.customer_id
    )`
      : sql``;
  const settle = (db: Queryable) =>
    db.execute(sql`
    with settled as (
      update ${campaignSends}
      set status = ${status}, error = ${error},
        sent_at = ${status === 'sent' ? now : null}
      where id = ${send.id} and status = 'sending'
      returning campaign_id, customer_id
    )${markBounced}, stopped as (
      update ${campaignContacts} set ${contact}
      from settled
      where ${campaignContacts.campaignId} = settled.campaign_id
        and ${campaignContacts.customerId} = settled.customer_id
    )
    select 1 from settled`);
  const { webhookEvents } = deps;
  if (status !== 'bounced') {
    await settle(deps.db);
    if (status === 'sent') await guardAtWindowStart(deps.db, send, webhookEvents);
    return;
  }
  await deps.db.transaction(async (tx) => {
    const settled = await settle(tx);
    if (settled.rows.length === 0) return;
    const data = {
      thread_id: null,
      campaign_id: campaign.id,
      email: customer.email,
      received: now.toISOString(),
    };
    await webhookEvents?.emit(campaign.userId, 'email.bounced', data, tx);
  });
  await suppressContact(deps.db, send.customerId, 'bounce');
  // The finder learns that the address does not exist, as from a bounce report (issue 24).
  if (error !== null && refusedAsNoSuchMailbox(error)) {
    const person = { firstName: customer.fname, lastName: customer.lname, email: customer.email };
    await recordPeopleSeen(deps.db, [person], 'bounce', campaign.userId);
  }
  await guardSendRates(deps.db, send, webhookEvents);
}

// Sends one queued e-mail at most once. The Message-ID was fixed when the row was planned; a
// crash between the claim and the answer leaves the row in `sending` for reconciliation.
export async function sendOne(deps: SendDeps, sendId: string): Promise<SendResult> {
  const claimed = await claim(deps, sendId);
  if (!claimed) return { status: 'skipped' };
  const { send, campaign, customer, mailbox } = claimed;
  const retryLater = async (error: string): Promise<SendResult> => {
    if (send.attempts >= MAX_ATTEMPTS) {
      await finish(deps, claimed, 'failed', error);
      return { status: 'failed' };
    }
    const at = new Date(deps.now().getTime() + RETRY_DELAY_MS * send.attempts);
    await deps.db
      .update(campaignSends)
      .set({ status: 'queued', scheduledAt: at, error })
      .where(and(eq(campaignSends.id, send.id), eq(campaignSends.status, 'sending')));
    return { status: 'retry', at };
  };
  let transport: Awaited<ReturnType<MailTransports['get']>>;
  try {
    transport = await deps.transports.get(mailbox);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await finish(deps, claimed, 'failed', error.message);
    return { status: 'failed' };
  }
  if ('error' in transport) return retryLater(transport.error);
  const step = campaign.steps[send.step];
  const first = campaign.steps[0];
  if (!step || !first) {
    await finish(deps, claimed, 'failed', 'The step no longer exists.');
    return { status: 'failed' };
  }
  const mail = composeMail({
    publicUrl: deps.publicUrl,
    tokens: deps.tokens,
    sendId: send.id,
    messageId: send.messageId,
    from: { name: mailbox.name, email: mailbox.email },
    to: { email: customer.email, fname: customer.fname, lname: customer.lname },
    // The variant recorded when the send was planned (issue 25): the same after a crash.
    step: stepVariant(step, send.variant),
    firstSubject: stepVariant(first, claimed.firstVariant).subject,
    earlier: claimed.earlier,
    sendAsText: campaign.sendAsText,
    linkTracking: campaign.linkTracking,
  });
  try {
    await transport.sendMail(mail);
  } catch (error) {
    const outcome = classifySmtpError(error);
    if (outcome.kind === 'retry') return retryLater(outcome.error);
    if (outcome.kind === 'login') {
      // No contact pays for the mailbox's login: the mailbox shows the error and sends nothing
      // more (the tick takes active mailboxes only) until the user fixes it; the send is
      // planned again then.
      await deps.db.transaction(async (tx) => {
        await tx
          .update(mailboxes)
          .set({ status: 'error', statusMessage: `SMTP: ${outcome.error}` })
          .where(eq(mailboxes.id, mailbox.id));
        await withdraw(tx, send);
      });
      return { status: 'skipped' };
    }
    if (outcome.kind === 'ambiguous') {
      await deps.db
        .update(campaignSends)
        .set({ error: outcome.error })
        .where(eq(campaignSends.id, send.id));
      return { status: 'sending' };
    }
    await finish(deps, claimed, outcome.kind, outcome.error);
    return { status: outcome.kind };
  }
  await finish(deps, claimed, 'sent', null);
  return { status: 'sent' };
}
