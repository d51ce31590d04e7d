import type { WebhookEventDataOf, WebhookEventType } from '@mailhound/contracts';
import type { Queryable } from './database.ts';

// The port through which a feature tells its user's webhooks that something happened (issue 23):
// the webhooks feature answers for it, app.ts and the job definitions pass it in, so no feature
// imports another to emit. Given the transaction that makes the event true, the deliveries are
// queued in it: they exist exactly when the event does.
export type WebhookEvents = {
  emit: <Type extends Exclude<WebhookEventType, 'webhook.test'>>(
    userId: string,
    type: Type,
    data: WebhookEventDataOf<Type>,
    tx?: Queryable,
  ) => Promise<void>;
};
