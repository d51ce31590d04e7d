import type { WebhookDelivery, WebhookEvent } from '@mailhound/contracts';

// What each event tells a receiver, in a line a user reads beside its checkbox.
export const webhookEventText: Record<WebhookEvent, string> = {
  'bulk.completed': 'A bulk search finished and its result file is ready.',
  'lookalike.completed': 'A look-alike search finished.',
  'email.replied': 'A contact replied to a campaign e-mail.',
  'email.bounced': 'A campaign e-mail bounced.',
  'contact.unsubscribed': 'A contact unsubscribed from your campaigns.',
  'campaign.paused': 'A campaign was paused, by you or automatically.',
};

export function deliveryEventText(event: WebhookDelivery['event']): string {
  return event === 'webhook.test' ? 'A test sent from this page.' : webhookEventText[event];
}
