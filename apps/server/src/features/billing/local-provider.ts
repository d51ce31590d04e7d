import { randomBytes } from 'node:crypto';
import { CHECKOUT_SESSION_PLACEHOLDER } from '@mailhound/contracts';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import {
  type PaymentProvider,
  type ProviderSession,
  WebhookSignatureError,
} from './payment-provider.ts';
import {
  billingCustomers,
  checkoutSessions,
  type LocalCardOnFile,
  type SavedCard,
} from './schema.ts';

// Stripe lets an unpaid Checkout session live 24 hours.
const SESSION_TTL_MS = 24 * 60 * 60_000;

export function isLocalSessionExpired(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() > SESSION_TTL_MS;
}

// What the user sees of the card on file: its test behaviour stays ours.
export function savedCardOf(card: LocalCardOnFile): SavedCard {
  const { declinesCharges: _, ...saved } = card;
  return saved;
}

export function localId(prefix: string): string {
  return `${prefix}_local_${randomBytes(12).toString('hex')}`;
}

// The offline provider: its sessions are our checkout_sessions rows, and its payment page is
// POST /api/checkout/local/confirm (ours, not in api-spec §7 "Billing"), which completes them
// with test cards.
export function createLocalProvider(deps: { db: Db; clock: Clock }): PaymentProvider {
  return {
    name: 'local',
    publishableKey: undefined,
    createCheckoutSession: async () => {
      const sessionId = localId('cs');
      return {
        sessionId,
        clientSecret: `${sessionId}_secret_${randomBytes(16).toString('hex')}`,
        customerId: undefined,
      };
    },
    getSessionStatus: async (sessionId): Promise<ProviderSession> => {
      const [session] = await deps.db
        .select({
          status: checkoutSessions.status,
          createdAt: checkoutSessions.createdAt,
          amount: checkoutSessions.amount,
        })
        .from(checkoutSessions)
        .where(eq(checkoutSessions.id, sessionId));
      if (!session) throw new Error(`no local checkout session ${sessionId}`);
      const expired =
        session.status === 'open' && isLocalSessionExpired(session.createdAt, deps.clock.now());
      return {
        status: expired ? 'expired' : session.status,
        // The local confirm call fulfils the session itself.
        paid: false,
        paymentId: null,
        subscriptionId: null,
        amount: session.amount,
      };
    },
    // Its sessions are our rows: fulfilment has already marked them expired.
    expireCheckoutSession: async () => undefined,
    createPortalSession: async ({ returnUrl }) => {
      const url = new URL(returnUrl.replace(CHECKOUT_SESSION_PLACEHOLDER, ''));
      url.searchParams.set('portal', 'local');
      return { url: url.href };
    },
    cancelSubscription: async () => undefined,
    getCard: async ({ userId }) => {
      const [customer] = await deps.db
        .select({ card: billingCustomers.localCard })
        .from(billingCustomers)
        .where(eq(billingCustomers.userId, userId));
      return customer?.card ? savedCardOf(customer.card) : null;
    },
    // Its renewals take the webhook's path without a webhook (local-renewals.ts).
    parseWebhook: async () => {
      throw new WebhookSignatureError('the local payment provider sends no webhooks');
    },
  };
}
