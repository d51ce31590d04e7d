import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { nextPeriodEnd } from './billing-period.ts';
import { applyPaymentEvent, lockUser } from './fulfilment.ts';
import { findPlan } from './plans.ts';
import { billingCustomers, subscriptions } from './schema.ts';

const BATCH = 100;

export type RenewalOutcome = 'renewed' | 'failed' | 'not_due';

// The local provider's stand-in for Stripe's renewals: at the end of a period it charges the
// card on file and reports the invoice through the webhook's own path (applyPaymentEvent), so
// a paid renewal grants the next period and a declined one grants nothing. Stripe would retry a
// declined renewal for days; the local provider ends the subscription at once (back to the
// default plan). Event and invoice ids are fixed by the subscription and period: a second run,
// or another worker at the same time, finds the period settled.
export async function renewLocalSubscription(
  db: Db,
  subscriptionId: string,
  now: Date,
): Promise<RenewalOutcome> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    if (!owner) return 'not_due';
    await lockUser(tx, owner.userId);
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId))
      .for('update');
    if (!subscription) return 'not_due';
    const periodStart = subscription.currentPeriodEnd;
    if (
      subscription.provider !== 'local' ||
      subscription.status !== 'active' ||
      !periodStart ||
      periodStart > now
    ) {
      return 'not_due';
    }
    const plan = await findPlan(tx, subscription.planId);
    if (!plan) throw new Error(`subscription ${subscription.id} names a missing plan`);
    const [customer] = await tx
      .select({ card: billingCustomers.localCard })
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, subscription.userId));
    const paid = customer?.card ? !customer.card.declinesCharges : false;
    const invoiceId = `in_local_${subscription.id}_${periodStart.getTime()}`;
    const invoice = {
      invoiceId,
      subscriptionId: subscription.id,
      amount: plan.rules.price,
      billingReason: 'subscription_cycle',
      periodEnd: nextPeriodEnd(subscription.createdAt, plan.rules.interval, periodStart),
      priceId: plan.rules.price_id,
    };
    if (paid) {
      await tx
        .update(subscriptions)
        .set({ currentPeriodEnd: invoice.periodEnd })
        .where(eq(subscriptions.id, subscription.id));
      await applyPaymentEvent(
        tx,
        'local',
        { id: `evt_${invoiceId}_paid`, type: 'invoice.paid', kind: 'invoice_paid', ...invoice },
        now,
      );
      return 'renewed';
    }
    await applyPaymentEvent(
      tx,
      'local',
      {
        id: `evt_${invoiceId}_failed`,
        type: 'invoice.payment_failed',
        kind: 'invoice_failed',
        ...invoice,
      },
      now,
    );
    await applyPaymentEvent(
      tx,
      'local',
      {
        id: `evt_${invoiceId}_ended`,
        type: 'customer.subscription.deleted',
        kind: 'subscription_ended',
        subscriptionId: subscription.id,
      },
      now,
    );
    return 'failed';
  });
}

// Renews every local subscription whose period has ended, a period at a time: one that was due
// for several (the worker was down) is billed for each in turn, as Stripe would have.
export async function renewDueLocalSubscriptions(
  db: Db,
  now: Date,
): Promise<{ renewed: number; failed: number }> {
  const counts = { renewed: 0, failed: 0 };
  while (true) {
    const due = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, 'local'),
          eq(subscriptions.status, 'active'),
          lte(subscriptions.currentPeriodEnd, now),
        ),
      )
      .orderBy(asc(subscriptions.currentPeriodEnd))
      .limit(BATCH);
    let settled = 0;
    for (const { id } of due) {
      const outcome = await renewLocalSubscription(db, id, now);
      if (outcome === 'not_due') continue;
      counts[outcome] += 1;
      settled += 1;
    }
    // Nothing settled: what is left was settled by another worker meanwhile.
    if (due.length === 0 || settled === 0) return counts;
  }
}
