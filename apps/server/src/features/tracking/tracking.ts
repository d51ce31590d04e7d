import type { SurveyPayload } from '@mailhound/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { LinkTokens } from '../../platform/link-tokens.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { campaignSends } from '../sender/schema.ts';
import { linkClicks } from './schema.ts';
import { unsubscribeContact } from './unsubscribe.ts';

export const invalidLink = 'This link is not valid.';
export const surveyAlreadySent = 'This survey has already been submitted.';
export const unsubscribed = 'You have been unsubscribed.';

async function sendOf(db: Db, tokens: LinkTokens, token: string, kind: 'unsubscribe' | 'click') {
  const parsed = tokens.verify(token);
  if (parsed?.kind !== kind) throw badRequest(invalidLink);
  const [send] = await db.select().from(campaignSends).where(eq(campaignSends.id, parsed.sendId));
  if (!send) throw badRequest(invalidLink);
  return { send, parsed };
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
  await db.transaction(async (tx) => {
    const unsubscribe = {
      source: 'survey' as const,
      rating: survey.rating,
      questions: survey.questions,
    };
    if (!(await unsubscribeContact(tx, send, unsubscribe, events))) {
      throw conflict(surveyAlreadySent);
    }
  });
}

// RFC 8058 one-click: the mail client posts without a page; repeating it changes nothing.
export async function unsubscribeOneClick(
  db: Db,
  tokens: LinkTokens,
  token: string,
  events: WebhookEvents,
) {
  const { send } = await sendOf(db, tokens, token, 'unsubscribe');
  await db.transaction((tx) => unsubscribeContact(tx, send, { source: 'one-click' }, events));
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
