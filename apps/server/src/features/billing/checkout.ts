import {
  billingMessages,
  CHECKOUT_SESSION_PLACEHOLDER,
  type CheckoutCreatedAnswer,
  type CheckoutCreatePayload,
  type CheckoutStatus,
  CREDITS_PURCHASE,
  type CustomerPortalPayload,
  type LocalCard,
  type LocalConfirm,
  type LocalConfirmAnswer,
  paymentMessages,
  validationMessages,
} from '@mailhound/contracts';
import { and, eq } from 'drizzle-orm';
import { users } from '../../platform/account-schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import { badRequest, HttpError, notFound, paymentRequired } from '../../platform/errors.ts';
import {
  cardBrand,
  chargeDeclinedCardNumber,
  declinedCardNumber,
  hasExpired,
  passesLuhn,
} from './card-rules.ts';
import {
  endSubscription,
  type FulfilmentResult,
  fulfilCheckout,
  lockUser,
  recordFailedPayment,
} from './fulfilment.ts';
import { isLocalSessionExpired, localId, savedCardOf } from './local-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { checkoutModeOf, type PlanDefinition } from './plan-catalogue.ts';
import { findPlanOnSale } from './plans.ts';
import {
  billingCustomers,
  checkoutSessions,
  type LocalCardOnFile,
  type SavedCard,
  subscriptions,
} from './schema.ts';

export type Billing = {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  catalogue: readonly PlanDefinition[];
  publicUrl: string;
  log: (error: unknown, message: string) => void;
};

export type BillingUser = { id: string; username: string };

// A provider failure answers with the call's message from the spec (api-spec §8 Billing).
export async function withFailureMessage<T>(
  billing: Pick<Billing, 'log'>,
  message: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    billing.log(error, message);
    throw new HttpError(500, message);
  }
}

// Return URLs go back to this application only: a checkout must not become an open redirect.
const loopbackHost = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

// On a machine of its own the app answers as localhost and as 127.0.0.1 alike: for a
// loopback PUBLIC_URL any loopback name with the same scheme and port is the app too.
export function sameOrigin(own: URL, target: URL): boolean {
  if (target.origin === own.origin) return true;
  return (
    loopbackHost.test(own.hostname) &&
    loopbackHost.test(target.hostname) &&
    own.protocol === target.protocol &&
    own.port === target.port
  );
}

function requireOwnOrigin(billing: Billing, url: string, field: string): void {
  const own = new URL(billing.publicUrl);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw badRequest(`${field} must be an absolute URL on ${own.origin}`);
  }
  if (!sameOrigin(own, target)) throw badRequest(`${field} must be on ${own.origin}`);
}

async function findCustomerId(billing: Billing, userId: string): Promise<string | undefined> {
  const [customer] = await billing.db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return customer?.id ?? undefined;
}

async function currentPlanId(billing: Billing, userId: string): Promise<number | undefined> {
  const [user] = await billing.db
    .select({ planId: users.planId })
    .from(users)
    .where(eq(users.id, userId));
  return user?.planId;
}

// After a fulfilment commits, the provider cancels the subscriptions the new plan replaced and
// expires the other sessions for the same plan. A failure is logged, not the buyer's: a session
// still paid at the provider is granted when its payment is confirmed.
export async function settleAtProvider(
  billing: Pick<Billing, 'provider' | 'log'>,
  result: Pick<FulfilmentResult, 'replaced' | 'expired'>,
): Promise<void> {
  for (const subscriptionId of result.replaced) {
    await billing.provider
      .cancelSubscription(subscriptionId)
      .catch((error: unknown) =>
        billing.log(error, `replaced subscription ${subscriptionId} not canceled`),
      );
  }
  for (const sessionId of result.expired) {
    await billing.provider
      .expireCheckoutSession(sessionId)
      .catch((error: unknown) =>
        billing.log(error, `checkout session ${sessionId} for a plan already bought not expired`),
      );
  }
}

export async function createCheckout(
  billing: Billing,
  user: BillingUser,
  payload: CheckoutCreatePayload,
): Promise<CheckoutCreatedAnswer> {
  requireOwnOrigin(billing, payload.returnUrl, 'returnUrl');
  if (!payload.returnUrl.includes(CHECKOUT_SESSION_PLACEHOLDER)) {
    throw badRequest(`returnUrl must contain ${CHECKOUT_SESSION_PLACEHOLDER}`);
  }
  const plan = await findPlanOnSale(billing.db, billing.catalogue, payload.priceId);
  if (!plan) throw badRequest(billingMessages.cannotCreateCheckout);
  const mode = checkoutModeOf(plan.rules);
  if (mode === 'payment') {
    if (payload.quantity < CREDITS_PURCHASE.min) throw badRequest(validationMessages.creditsMin);
    if (payload.quantity > CREDITS_PURCHASE.max) throw badRequest(validationMessages.creditsMax);
  } else {
    if (payload.quantity !== 1) throw badRequest('A plan is bought with quantity 1.');
    if ((await currentPlanId(billing, user.id)) === plan.id) {
      throw badRequest(billingMessages.planAlreadyPurchased);
    }
  }
  const credits = mode === 'payment' ? payload.quantity * plan.rules.credits : 0;
  const amount = plan.rules.price * payload.quantity;
  const knownCustomer = await findCustomerId(billing, user.id);

  return withFailureMessage(billing, billingMessages.cannotCreateCheckout, async () => {
    const created = await billing.provider.createCheckoutSession({
      userId: user.id,
      email: user.username,
      customerId: knownCustomer,
      mode,
      priceId: payload.priceId,
      quantity: payload.quantity,
      amount,
      returnUrl: payload.returnUrl,
      description: mode === 'payment' ? `${credits} credits` : `${plan.name} plan`,
    });
    const now = billing.clock.now();
    await billing.db.transaction(async (tx) => {
      if (created.customerId && created.customerId !== knownCustomer) {
        await tx
          .insert(billingCustomers)
          .values({ userId: user.id, stripeCustomerId: created.customerId, updatedAt: now })
          .onConflictDoUpdate({
            target: billingCustomers.userId,
            set: { stripeCustomerId: created.customerId, updatedAt: now },
          });
      }
      await tx.insert(checkoutSessions).values({
        id: created.sessionId,
        userId: user.id,
        provider: billing.provider.name,
        planId: plan.id,
        priceId: payload.priceId,
        mode,
        quantity: payload.quantity,
        credits,
        amount,
        clientSecret: billing.provider.name === 'local' ? created.clientSecret : null,
        returnUrl: payload.returnUrl,
        createdAt: now,
      });
    });
    return { client_secret: created.clientSecret, sessionId: created.sessionId };
  });
}

// The provider's word on a session. A complete and paid Stripe session is fulfilled here too
// (idempotently), so the balance is right on the return page even before the webhook lands.
export async function checkoutSessionStatus(
  billing: Billing,
  user: BillingUser,
  sessionId: string,
): Promise<{ status: CheckoutStatus }> {
  const [session] = await billing.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, user.id)));
  if (!session) throw notFound(billingMessages.cannotGetCheckout);
  return withFailureMessage(billing, billingMessages.cannotGetCheckout, async () => {
    const state = await billing.provider.getSessionStatus(sessionId);
    if (state.status === 'complete' && state.paid) {
      const result = await billing.db.transaction((tx) =>
        fulfilCheckout(tx, sessionId, state, billing.clock.now()),
      );
      await settleAtProvider(billing, result);
    }
    return { status: state.status };
  });
}

export async function createPortal(
  billing: Billing,
  user: BillingUser,
  payload: CustomerPortalPayload,
): Promise<{ url: string }> {
  requireOwnOrigin(billing, payload.returnUrl, 'returnUrl');
  if (payload.redirectUrl && /^[a-z][a-z\d+.-]*:/i.test(payload.redirectUrl)) {
    requireOwnOrigin(billing, payload.redirectUrl, 'redirectUrl');
  }
  const customerId = await findCustomerId(billing, user.id);
  return withFailureMessage(billing, billingMessages.cannotCreatePortal, () =>
    billing.provider.createPortalSession({ customerId, returnUrl: payload.returnUrl }),
  );
}

export async function cancelSubscription(
  billing: Billing,
  user: BillingUser,
): Promise<{ message: string }> {
  const [active] = await billing.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'active')));
  if (!active) throw badRequest(billingMessages.cannotCancelSubscription);
  return withFailureMessage(billing, billingMessages.cannotCancelSubscription, async () => {
    await billing.provider.cancelSubscription(active.id);
    await billing.db.transaction((tx) => endSubscription(tx, active.id, billing.clock.now()));
    return { message: billingMessages.subscriptionCanceled };
  });
}

export async function cardDetails(billing: Billing, user: BillingUser): Promise<SavedCard | null> {
  const customerId = await findCustomerId(billing, user.id);
  return withFailureMessage(billing, billingMessages.cannotGetCard, () =>
    billing.provider.getCard({ userId: user.id, customerId }),
  );
}

type CheckedCard = { card: LocalCardOnFile; declinesCharges: boolean; attachable: boolean };

function checkCard(billing: Billing, user: BillingUser, parsed: LocalCard): CheckedCard {
  if (!passesLuhn(parsed.cardNumber)) throw badRequest(paymentMessages.cardNumberInvalid);
  if (hasExpired(parsed.expiry, billing.clock.now())) throw badRequest(paymentMessages.cardExpired);
  const declinesCharges =
    parsed.cardNumber === declinedCardNumber || parsed.cardNumber === chargeDeclinedCardNumber;
  return {
    declinesCharges,
    attachable: parsed.cardNumber !== declinedCardNumber,
    card: {
      type: 'card',
      brand: cardBrand(parsed.cardNumber),
      last4: parsed.cardNumber.slice(-4),
      email: user.username,
      bank_name: null,
      ...(declinesCharges ? { declinesCharges } : {}),
    },
  };
}

async function saveLocalCard(
  billing: Billing,
  userId: string,
  card: LocalCardOnFile,
): Promise<void> {
  const now = billing.clock.now();
  await billing.db
    .insert(billingCustomers)
    .values({ userId, localCard: card, updatedAt: now })
    .onConflictDoUpdate({
      target: billingCustomers.userId,
      set: { localCard: card, updatedAt: now },
    });
}

// The local provider's payment page: test cards complete the session here, on the server,
// which is the provider's confirmation. A declined card leaves a failed receipt. The plan the
// user is already on (bought meanwhile in another tab) is refused before the card is tried.
export async function confirmLocalPayment(
  billing: Billing,
  user: BillingUser,
  payload: LocalConfirm,
): Promise<LocalConfirmAnswer> {
  const checked = checkCard(billing, user, payload);
  const now = billing.clock.now();
  const outcome = await billing.db.transaction(async (tx) => {
    const buyer = await lockUser(tx, user.id);
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.clientSecret, payload.clientSecret),
          eq(checkoutSessions.userId, user.id),
        ),
      )
      .for('update');
    if (!session) throw notFound(billingMessages.cannotGetCheckout);
    const returnUrl = session.returnUrl.replace(CHECKOUT_SESSION_PLACEHOLDER, session.id);
    const nothingToSettle = { replaced: [], expired: [] };
    if (session.status === 'complete') return { returnUrl, declined: false, ...nothingToSettle };
    if (session.mode === 'subscription' && session.planId === buyer?.planId) {
      throw badRequest(billingMessages.planAlreadyPurchased);
    }
    if (session.status === 'expired' || isLocalSessionExpired(session.createdAt, now)) {
      throw badRequest('This checkout session has expired.');
    }
    const paymentId = localId('pi');
    if (checked.declinesCharges) {
      await recordFailedPayment(tx, session.id, paymentId, session.amount, now);
      return { returnUrl, declined: true, ...nothingToSettle };
    }
    const result = await fulfilCheckout(
      tx,
      session.id,
      { paymentId, subscriptionId: null, amount: null },
      now,
    );
    return { returnUrl, declined: false, replaced: result.replaced, expired: result.expired };
  });
  if (outcome.declined) throw paymentRequired(paymentMessages.cardDeclined);
  await settleAtProvider(billing, outcome);
  await saveLocalCard(billing, user.id, checked.card);
  return { status: 'complete', returnUrl: outcome.returnUrl };
}

// The local stand-in for the customer portal's "update payment method".
export async function saveLocalCardFor(
  billing: Billing,
  user: BillingUser,
  payload: LocalCard,
): Promise<SavedCard> {
  const checked = checkCard(billing, user, payload);
  if (!checked.attachable) throw paymentRequired(paymentMessages.cardDeclined);
  await saveLocalCard(billing, user.id, checked.card);
  return savedCardOf(checked.card);
}
