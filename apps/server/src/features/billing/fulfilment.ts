import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { type PlanRules, users } from '../../platform/account-schema.ts';
import type { Tx } from '../../platform/database.ts';
import { applyCreditEntry, findDefaultPlan } from '../credits/index.ts';
import { creditEntries } from '../credits/schema.ts';
import {
  periodEnd,
  periodGrant,
  refundedShare,
  type SubscriptionGrant,
  upgradeTopUp,
} from './billing-period.ts';
import { localId } from './local-provider.ts';
import type { PaymentEvent } from './payment-provider.ts';
import { findPlan, findPlanByPrice } from './plans.ts';
import {
  checkoutSessions,
  type PaymentProviderName,
  paymentEvents,
  receipts,
  subscriptions,
} from './schema.ts';

export type Confirmation = {
  // The provider's payment id (invoice, payment intent, local attempt); the session's otherwise.
  paymentId: string | null;
  subscriptionId: string | null;
  amount: number | null;
};

export type FulfilmentResult = {
  applied: boolean;
  // Subscriptions the new plan replaces; the caller cancels them at the provider after commit.
  replaced: string[];
  // The user's other open sessions for the plan just bought; the caller expires them at the
  // provider after commit.
  expired: string[];
  // A subscription moved to a price no plan bills for: the plan stays, the caller logs it.
  unknownPrice?: { subscriptionId: string; priceId: string };
};

function onlyApplied(applied: boolean): FulfilmentResult {
  return { applied, replaced: [], expired: [] };
}

// Every path that confirms, fulfils or ends a purchase locks the buyer's user row first, before
// the session, receipts, subscriptions and the credit account, so that two payments of one user
// queue here. Taken only after the receipt, it deadlocked two plan payments: each receipt's
// foreign key holds a key-share lock on the user row, which the other payment's lock waits for.
// NO KEY UPDATE, not UPDATE: rows inserted for the user elsewhere (ledger entries) still pass.
export async function lockUser(tx: Tx, userId: string): Promise<{ planId: number } | undefined> {
  const [user] = await tx
    .select({ planId: users.planId })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return user;
}

// A paid plan's credits come with each paid period, keyed by the subscription and the payment
// of the period (Stripe's invoice, the local provider's charge): the checkout and the invoice
// webhook of a first period, a replayed event, or two processes at once grant it once.
export function periodGrantKey(subscriptionId: string, paymentId: string): string {
  return `plan_grant:${subscriptionId}:${paymentId}`;
}

// A plan upgrade paid during a period tops the period up, keyed by the subscription and the
// upgrade's invoice (upgradeTopUp).
export function upgradeGrantKey(subscriptionId: string, paymentId: string): string {
  return `plan_upgrade:${subscriptionId}:${paymentId}`;
}

async function grantPaidPeriod(
  tx: Tx,
  userId: string,
  grant: { credits: number; leadCredits: number },
  grantKey: string,
): Promise<void> {
  await applyCreditEntry(tx, {
    userId,
    kind: 'plan_grant',
    amount: grant.credits,
    leadAmount: grant.leadCredits,
    idempotencyKey: grantKey,
  });
}

function describePurchase(mode: 'payment' | 'subscription', credits: number, planName: string) {
  return mode === 'payment' ? `${credits} credits` : `${planName} plan`;
}

// Grants what a checkout session bought, once: the provider confirmed the payment (webhook,
// server-side session check, or the local provider's completion). The user row, then the session
// row are locked, so concurrent confirmations queue up and a repeated one finds it complete.
// A session we marked expired is still granted: the provider says the money was taken.
export async function fulfilCheckout(
  tx: Tx,
  sessionId: string,
  confirmation: Confirmation,
  now: Date,
): Promise<FulfilmentResult> {
  const [owner] = await tx
    .select({ userId: checkoutSessions.userId })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
  if (!owner) return onlyApplied(false);
  await lockUser(tx, owner.userId);
  const [session] = await tx
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId))
    .for('update');
  if (!session || session.status === 'complete') return onlyApplied(false);
  const plan = await findPlan(tx, session.planId);
  if (!plan) throw new Error(`checkout session ${sessionId} names a missing plan`);

  await tx
    .update(checkoutSessions)
    .set({ status: 'complete', completedAt: now })
    .where(eq(checkoutSessions.id, sessionId));
  const paymentId = confirmation.paymentId ?? session.id;
  // Stripe names the subscription of every completed subscription session; the local
  // provider makes its own.
  const subscriptionId =
    session.mode === 'payment'
      ? null
      : (confirmation.subscriptionId ??
        (session.provider === 'local' ? localId('sub') : `sub_of_${session.id}`));
  const grantKey = subscriptionId
    ? periodGrantKey(subscriptionId, paymentId)
    : `purchase:${session.id}`;
  await tx
    .insert(receipts)
    .values({
      userId: session.userId,
      paymentId,
      sessionId: session.id,
      amount: confirmation.amount ?? session.amount,
      status: 'paid',
      description: describePurchase(session.mode, session.credits, plan.name),
      grantKey,
      createdAt: now,
    })
    .onConflictDoNothing({ target: receipts.paymentId });

  if (!subscriptionId) {
    await applyCreditEntry(tx, {
      userId: session.userId,
      kind: 'purchase',
      amount: session.credits,
      idempotencyKey: grantKey,
    });
    return onlyApplied(true);
  }

  // Two plans confirmed at once queue on the user's lock: one active subscription at a time.
  const replaced = await tx
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt: now })
    .where(
      and(
        eq(subscriptions.userId, session.userId),
        eq(subscriptions.status, 'active'),
        ne(subscriptions.id, subscriptionId),
      ),
    )
    .returning({ id: subscriptions.id, provider: subscriptions.provider });
  await tx
    .insert(subscriptions)
    .values({
      id: subscriptionId,
      userId: session.userId,
      provider: session.provider,
      planId: plan.id,
      createdAt: now,
      // The local provider bills the next period then; Stripe reports its own invoices.
      currentPeriodEnd:
        session.provider === 'local' ? periodEnd(now, plan.rules.interval, 1) : null,
    })
    .onConflictDoNothing({ target: subscriptions.id });
  await tx
    .update(users)
    .set({ planId: plan.id, updatedAt: now })
    .where(eq(users.id, session.userId));
  await grantPaidPeriod(tx, session.userId, periodGrant(plan.rules), grantKey);
  // This session is complete already: only the user's other sessions for the plan are open.
  const expired = await expireOpenSessions(tx, session.userId, plan.id);
  const atThisProvider = (row: { provider: PaymentProviderName }) =>
    row.provider === session.provider;
  return {
    applied: true,
    replaced: replaced.filter(atThisProvider).map((row) => row.id),
    expired: expired.filter(atThisProvider).map((row) => row.id),
  };
}

// The plan the user is on now must not be paid for a second time from another tab.
async function expireOpenSessions(tx: Tx, userId: string, planId: number) {
  return tx
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(
      and(
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.planId, planId),
        eq(checkoutSessions.status, 'open'),
      ),
    )
    .returning({ id: checkoutSessions.id, provider: checkoutSessions.provider });
}

export async function recordFailedPayment(
  tx: Tx,
  sessionId: string,
  paymentId: string,
  amount: number | null,
  now: Date,
): Promise<void> {
  const [session] = await tx
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
  if (!session) return;
  const plan = await findPlan(tx, session.planId);
  await tx
    .insert(receipts)
    .values({
      userId: session.userId,
      paymentId,
      sessionId: session.id,
      amount: amount ?? session.amount,
      status: 'failed',
      description: describePurchase(session.mode, session.credits, plan?.name ?? 'Plan'),
      createdAt: now,
    })
    .onConflictDoNothing({ target: receipts.paymentId });
}

// The user goes back to the default plan; the credits they have stay theirs (product-spec §4).
export async function endSubscription(tx: Tx, subscriptionId: string, now: Date): Promise<boolean> {
  const [owner] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!owner) return false;
  // Before the subscription row: a plan confirmed at the same moment takes them in that order.
  await lockUser(tx, owner.userId);
  const [ended] = await tx
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt: now })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.status, 'active')))
    .returning({ userId: subscriptions.userId });
  if (!ended) return false;
  const defaultPlan = await findDefaultPlan(tx);
  if (!defaultPlan) throw new Error('no default plan: run the migrations');
  await tx
    .update(users)
    .set({ planId: defaultPlan.id, updatedAt: now })
    .where(eq(users.id, ended.userId));
  return true;
}

// A subscription's first invoice, or a renewal: the invoices that pay for a period of the plan.
function paysForPeriod(billingReason: string | null): boolean {
  return billingReason === 'subscription_create' || billingReason === 'subscription_cycle';
}

// A plan changed in the customer portal that Stripe invoices at once (billing_reason
// subscription_update): the proration it charges pays for the rest of the period on the new plan.
function paysForUpgrade(billingReason: string | null): boolean {
  return billingReason === 'subscription_update';
}

async function grantsOfSubscription(
  tx: Tx,
  userId: string,
  subscriptionId: string,
): Promise<SubscriptionGrant[]> {
  const periodPrefix = periodGrantKey(subscriptionId, '');
  const upgradePrefix = upgradeGrantKey(subscriptionId, '');
  const rows = await tx
    .select({
      key: creditEntries.idempotencyKey,
      credits: creditEntries.amount,
      leadCredits: creditEntries.leadAmount,
    })
    .from(receipts)
    .innerJoin(creditEntries, eq(creditEntries.idempotencyKey, receipts.grantKey))
    .where(
      and(
        eq(receipts.userId, userId),
        or(
          sql`starts_with(${receipts.grantKey}, ${periodPrefix})`,
          sql`starts_with(${receipts.grantKey}, ${upgradePrefix})`,
        ),
      ),
    )
    .orderBy(asc(creditEntries.id));
  return rows.map((row) => ({
    kind: row.key.startsWith(upgradePrefix) ? 'upgrade' : 'period',
    credits: row.credits,
    leadCredits: row.leadCredits,
  }));
}

type InvoiceEvent = Extract<PaymentEvent, { kind: 'invoice_paid' | 'invoice_failed' }>;
type InvoiceGrant = { key: string; credits: number; leadCredits: number };

// Credits follow payments, never the calendar nor a plan change alone (product rule):
// - a period's invoice (first or renewal) grants the subscription's plan's period, keyed
//   plan_grant:<subscription>:<invoice>;
// - a plan change invoiced at once grants, when it took money, the top-up of the current period
//   to the plan it charges for (upgradeTopUp), keyed plan_upgrade:<subscription>:<invoice>. A
//   downgrade, or a change Stripe bills with the next renewal, grants nothing now: the renewal
//   grants the new plan's period;
// - a failed invoice, a $0 one, or any other invoice grants nothing.
// Keyed by payment, a replay or a second event about the same invoice grants nothing more.
async function grantOfInvoice(
  tx: Tx,
  subscription: { id: string; userId: string },
  rules: PlanRules,
  event: InvoiceEvent,
): Promise<InvoiceGrant | null> {
  if (event.kind !== 'invoice_paid') return null;
  if (paysForPeriod(event.billingReason)) {
    return { key: periodGrantKey(subscription.id, event.invoiceId), ...periodGrant(rules) };
  }
  if (!paysForUpgrade(event.billingReason) || event.amount <= 0) return null;
  const topUp = upgradeTopUp(
    rules,
    await grantsOfSubscription(tx, subscription.userId, subscription.id),
  );
  if (topUp.credits === 0 && topUp.leadCredits === 0) return null;
  return { key: upgradeGrantKey(subscription.id, event.invoiceId), ...topUp };
}

// A paid invoice grants what it paid for (grantOfInvoice); a failed one leaves a failed receipt
// and grants nothing.
async function recordInvoice(tx: Tx, event: InvoiceEvent, now: Date): Promise<void> {
  if (!event.subscriptionId) return;
  const [owner] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.id, event.subscriptionId));
  // The first invoice of a subscription not known yet is granted by its checkout session, with
  // the same key.
  if (!owner) return;
  await lockUser(tx, owner.userId);
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, event.subscriptionId))
    .for('update');
  if (!subscription) return;
  // A plan change's invoice may come before the subscription's update: it is for the plan whose
  // price it charges.
  const plan =
    paysForUpgrade(event.billingReason) && event.priceId
      ? await findPlanByPrice(tx, event.priceId)
      : await findPlan(tx, subscription.planId);
  const paid = event.kind === 'invoice_paid';
  const grant = plan ? await grantOfInvoice(tx, subscription, plan.rules, event) : null;
  await tx
    .insert(receipts)
    .values({
      userId: subscription.userId,
      paymentId: paid ? event.invoiceId : `${event.invoiceId}:failed`,
      amount: event.amount,
      status: paid ? 'paid' : 'failed',
      description: `${plan?.name ?? 'Plan'} plan`,
      grantKey: grant?.key ?? null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: receipts.paymentId });
  if (!grant) return;
  // Money taken for a period is honoured even when the plan has ended since.
  await grantPaidPeriod(tx, subscription.userId, grant, grant.key);
  if (
    event.periodEnd &&
    (!subscription.currentPeriodEnd || subscription.currentPeriodEnd < event.periodEnd)
  ) {
    await tx
      .update(subscriptions)
      .set({ currentPeriodEnd: event.periodEnd })
      .where(eq(subscriptions.id, subscription.id));
  }
}

// customer.subscription.updated (the customer portal, or Stripe's retries):
// - the plan follows the price the subscription is billed at; a price no plan bills for leaves
//   the plan as it is (logged by the caller);
// - a cancellation at the period's end changes nothing now: the plan stays until Stripe ends the
//   subscription (subscription_ended);
// - past_due or unpaid keep the plan while Stripe retries; an update never grants credits, the
//   invoices do (grantOfInvoice);
// - an update older than the state applied last (Stripe does not deliver in order) is stale, and
//   an ended subscription is never revived.
async function updateSubscription(
  tx: Tx,
  event: Extract<PaymentEvent, { kind: 'subscription_updated' }>,
  now: Date,
): Promise<FulfilmentResult> {
  const [owner] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.id, event.subscriptionId));
  // A subscription its checkout has not fulfilled yet gets its plan from the checkout session.
  if (!owner) return onlyApplied(false);
  await lockUser(tx, owner.userId);
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, event.subscriptionId))
    .for('update');
  if (subscription?.status !== 'active') return onlyApplied(false);
  // Stripe's event time is in whole seconds: an update of the same second as the last one is
  // applied (a user does not change plans twice in a second).
  if (subscription.providerStateAt && event.stateAt < subscription.providerStateAt) {
    return onlyApplied(false);
  }
  const plan = event.priceId ? await findPlanByPrice(tx, event.priceId) : undefined;
  const planId = plan?.id ?? subscription.planId;
  await tx
    .update(subscriptions)
    .set({ providerStateAt: event.stateAt, planId })
    .where(eq(subscriptions.id, subscription.id));
  const result = onlyApplied(true);
  if (event.priceId && !plan) {
    return { ...result, unknownPrice: { subscriptionId: subscription.id, priceId: event.priceId } };
  }
  if (planId === subscription.planId) return result;
  await tx.update(users).set({ planId, updatedAt: now }).where(eq(users.id, subscription.userId));
  const expired = await expireOpenSessions(tx, subscription.userId, planId);
  return {
    ...result,
    expired: expired.filter((row) => row.provider === subscription.provider).map((row) => row.id),
  };
}

// A refund takes back the refunded share of what the payment granted, at most what is still
// available, and marks the receipt refunded once the whole payment is.
async function refundPayment(
  tx: Tx,
  event: Extract<PaymentEvent, { kind: 'payment_refunded' }>,
): Promise<boolean> {
  if (event.paymentIds.length === 0) return false;
  const [found] = await tx
    .select({ userId: receipts.userId })
    .from(receipts)
    .where(and(inArray(receipts.paymentId, event.paymentIds), ne(receipts.status, 'failed')));
  if (!found) return false;
  await lockUser(tx, found.userId);
  const [receipt] = await tx
    .select()
    .from(receipts)
    .where(and(inArray(receipts.paymentId, event.paymentIds), ne(receipts.status, 'failed')))
    .for('update');
  if (!receipt) return false;
  const refundedNow = Math.max(
    receipt.refundedAmount,
    Math.min(event.amountRefunded, event.amount),
  );
  const [grant] = receipt.grantKey
    ? await tx
        .select({ amount: creditEntries.amount, leadAmount: creditEntries.leadAmount })
        .from(creditEntries)
        .where(eq(creditEntries.idempotencyKey, receipt.grantKey))
    : [];
  if (grant && refundedNow > receipt.refundedAmount) {
    const share = (granted: number) =>
      refundedShare(granted, event.amount, receipt.refundedAmount, refundedNow);
    await applyCreditEntry(tx, {
      userId: receipt.userId,
      kind: 'refund',
      amount: share(grant.amount),
      leadAmount: share(grant.leadAmount),
      idempotencyKey: `refund:${receipt.paymentId}:${refundedNow}`,
    });
  }
  await tx
    .update(receipts)
    .set({
      refundedAmount: refundedNow,
      ...(event.fullyRefunded ? { status: 'refunded' as const } : {}),
    })
    .where(eq(receipts.id, receipt.id));
  return true;
}

// Applies one webhook event exactly once: its id is stored in the same transaction as its
// effects, so a replayed or retried delivery finds it and changes nothing.
export async function applyPaymentEvent(
  tx: Tx,
  provider: PaymentProviderName,
  event: PaymentEvent,
  now: Date,
): Promise<FulfilmentResult> {
  const fresh = await tx
    .insert(paymentEvents)
    .values({ id: event.id, provider, type: event.type, receivedAt: now })
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  if (fresh.length === 0) return onlyApplied(false);
  switch (event.kind) {
    case 'checkout_completed':
      // Delayed methods (bank debits) complete unpaid: async_payment_succeeded grants later.
      if (!event.paid) return onlyApplied(false);
      return fulfilCheckout(tx, event.sessionId, event, now);
    case 'checkout_failed':
      await recordFailedPayment(
        tx,
        event.sessionId,
        event.paymentId ?? event.id,
        event.amount,
        now,
      );
      return onlyApplied(true);
    case 'invoice_paid':
    case 'invoice_failed':
      await recordInvoice(tx, event, now);
      return onlyApplied(true);
    case 'subscription_ended':
      return onlyApplied(await endSubscription(tx, event.subscriptionId, now));
    case 'subscription_updated':
      return updateSubscription(tx, event, now);
    case 'payment_refunded':
      return onlyApplied(await refundPayment(tx, event));
    case 'ignored':
      return onlyApplied(false);
  }
}
