import type { SurveyPayload } from '@mailhound/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { LinkTokens } from '../../platform/link-tokens.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { customers } from '../contacts/schema.ts';
import { campaignContacts, campaignSends, unsubscribes } from '../sender/schema.ts';
import { suppressContact } from '../suppression/index.ts';
import { linkClicks } from './schema.ts';

export const invalidLink = 'This link is not valid.';
export const surveyAlreadySent = 'This survey has already been submitted.';
export const unsubscribed = 'You have been unsubscribed.';

type SendRow = typeof campaignSends.$inferSelect;

async function sendOf(db: Db, tokens: LinkTokens, token: string, kind: 'unsubscribe' | 'click') {
  const parsed = tokens.verify(token);
  if (parsed?.kind !== kind) throw badRequest(invalidLink);
  const [send] = await db.select().from(campaignSends).where(eq(campaignSends.id, parsed.sendId));
  if (!send) throw badRequest(invalidLink);
  return { send, parsed };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// No campaign of this user writes to the contact again; sequences stop where they are, and the
// address shows on the do-not-email list.
async function stopContact(tx: Tx, send: SendRow) {
  await tx
    .update(campaignContacts)
    .set({ state: 'stopped', stopReason: 'unsubscribed' })
    .where(eq(campaignContacts.customerId, send.customerId));
  await suppressContact(tx, send.customerId, 'unsubscribe');
}

// The campaign's owner's webhooks hear of a contact's unsubscribe (issue 23) once: not again
// when the survey follows the one-click, nor for a repeated one-click.
async function tellUnsubscribed(tx: Tx, events: WebhookEvents, send: SendRow) {
  const found = await tx
    .select({ email: customers.email, at: unsubscribes.createdAt })
    .from(unsubscribes)
    .innerJoin(customers, eq(customers.id, unsubscribes.customerId))
    .where(eq(unsubscribes.sendId, send.id));
  const [first] = found;
  if (!first || found.length > 1) return;
  await events.emit(
    send.userId,
    'contact.unsubscribed',
    {
      campaign_id: send.campaignId,
      email: first.email,
      unsubscribed: first.at.toISOString(),
    },
    tx,
  );
}

// The survey of the unsubscribe page: once per token (a second one is 409 and changes nothing).
export async function submitSurvey(
  db: Db,
  tokens: LinkTokens,
  token: string,
  survey: SurveyPayload,
  events: WebhookEvents,
): Promise<void> {
  const { send } = await sendOf(db, tokens, token, 'unsubscribe');
  try {
    await db.transaction(async (tx) => {
      await tx.insert(unsubscribes).values({
        userId: send.userId,
        customerId: send.customerId,
        campaignId: send.campaignId,
        sendId: send.id,
        source: 'survey',
        rating: survey.rating,
        questions: survey.questions,
      });
      await stopContact(tx, send);
      await tellUnsubscribed(tx, events, send);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(surveyAlreadySent);
    throw error;
  }
}

// RFC 8058 one-click: the mail client posts without a page; repeating it changes nothing.
export async function unsubscribeOneClick(
  db: Db,
  tokens: LinkTokens,
  token: string,
  events: WebhookEvents,
) {
  const { send } = await sendOf(db, tokens, token, 'unsubscribe');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(unsubscribes)
      .values({
        userId: send.userId,
        customerId: send.customerId,
        campaignId: send.campaignId,
        sendId: send.id,
        source: 'one-click',
      })
      .onConflictDoNothing()
      .returning({ id: unsubscribes.id });
    await stopContact(tx, send);
    if (row) await tellUnsubscribed(tx, events, send);
  });
}

// A tracked link: the first click is recorded; the answer is where the link pointed.
export async function recordClick(db: Db, tokens: LinkTokens, token: string): Promise<string> {
  const { send, parsed } = await sendOf(db, tokens, token, 'click');
  if (parsed.kind !== 'click' || !/^https?:\/\//i.test(parsed.url)) throw badRequest(invalidLink);
  await db
    .insert(linkClicks)
    .values({ userId: send.userId, sendId: send.id, url: parsed.url })
    .onConflictDoNothing();
  return parsed.url;
}
