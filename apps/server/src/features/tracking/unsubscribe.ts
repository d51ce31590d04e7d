import type { SurveyQuestion } from '@mailhound/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { customers } from '../contacts/schema.ts';
import { campaignContacts, type unsubscribeSources, unsubscribes } from '../sender/schema.ts';
import { suppressContact } from '../suppression/index.ts';

// The send a contact unsubscribes from: by its link, its survey, or a spam complaint about it.
export type UnsubscribedSend = {
  id: string;
  userId: string;
  campaignId: string;
  customerId: string;
};

export type Unsubscribe = {
  source: (typeof unsubscribeSources)[number];
  at?: Date;
  rating?: number | null;
  questions?: SurveyQuestion[];
};

// In the caller's transaction: an `unsubscribes` row for the send and source (which the sender
// honours for every campaign and analytics counts as the campaign's unsubscribe), the contact's
// sequences stop where they are (an earlier stop keeps its reason), the address goes on the
// do-not-email list, and the user's webhooks hear contact.unsubscribed once per campaign and
// contact, whatever the ways and steps they unsubscribed by. False: this send had this source's
// row already, and nothing was added.
export async function unsubscribeContact(
  tx: Queryable,
  send: UnsubscribedSend,
  unsubscribe: Unsubscribe,
  events?: WebhookEvents,
): Promise<boolean> {
  // One at a time per campaign and contact: a one-click and a complaint committing together
  // would each count only itself and both tell the webhooks.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`unsubscribe:${send.campaignId}:${send.customerId}`}))`,
  );
  const [row] = await tx
    .insert(unsubscribes)
    .values({
      userId: send.userId,
      customerId: send.customerId,
      campaignId: send.campaignId,
      sendId: send.id,
      source: unsubscribe.source,
      rating: unsubscribe.rating,
      questions: unsubscribe.questions,
      ...(unsubscribe.at ? { createdAt: unsubscribe.at } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: unsubscribes.id });
  const complained = unsubscribe.source === 'complaint';
  await tx
    .update(campaignContacts)
    .set({ state: 'stopped', stopReason: complained ? 'complained' : 'unsubscribed' })
    .where(
      and(eq(campaignContacts.customerId, send.customerId), ne(campaignContacts.state, 'stopped')),
    );
  await suppressContact(tx, send.customerId, complained ? 'complaint' : 'unsubscribe');
  if (!row) return false;
  const found = await tx
    .select({ email: customers.email, at: unsubscribes.createdAt })
    .from(unsubscribes)
    .innerJoin(customers, eq(customers.id, unsubscribes.customerId))
    .where(
      and(
        eq(unsubscribes.campaignId, send.campaignId),
        eq(unsubscribes.customerId, send.customerId),
      ),
    );
  const [first] = found;
  if (events && first && found.length === 1) {
    await events.emit(
      send.userId,
      'contact.unsubscribed',
      { campaign_id: send.campaignId, email: first.email, unsubscribed: first.at.toISOString() },
      tx,
    );
  }
  return true;
}
