import { billingMessages } from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn, makeUser } from '../../../test/session-fixtures.ts';
import { paidPlan, starterPeriod } from '../billing.test-kit.ts';

const visa = {
  type: 'card',
  brand: 'visa',
  last4: '4242',
  email: 'ann@acme.com',
  bank_name: null,
};

function openBilling({
  plan = paidPlan,
  card = visa as unknown,
  subscription = starterPeriod as unknown,
} = {}) {
  const server = createFakeServer({
    'GET /api/checkout/card': { body: card },
    'GET /api/checkout/subscription': { body: subscription },
  });
  logIn(server, { user: { plan } });
  const app = renderApp('/settings/billing');
  return { server, ...app };
}

const planSection = () => within(screen.getByRole('region', { name: 'Plan' }));
const findPlanSection = async () => within(await screen.findByRole('region', { name: 'Plan' }));

describe('billing settings (product-spec §2 "Billing")', () => {
  it('offers the default plan only a change of plan', async () => {
    openBilling({ plan: { name: 'Free', is_default: true } });
    await screen.findByRole('region', { name: 'Plan' });
    expect(planSection().getByRole('link', { name: 'Change Plan' })).toHaveAttribute(
      'href',
      '/purchase',
    );
    expect(planSection().queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    expect(planSection().queryByRole('button', { name: 'Edit Payment Method' })).toBeNull();
  });

  it('shows when a paid plan renews and what this period has used', async () => {
    openBilling();
    const plan = await findPlanSection();
    expect(await plan.findByText('Renews on March 31, 2027')).toBeInTheDocument();
    expect(
      plan.getByText(
        'This period: 37 of 500 verified e-mails used · 12 of 50 Lead Finder searches used',
      ),
    ).toBeInTheDocument();
  });

  it('says "Ends on" for a plan cancelled at the end of its period', async () => {
    openBilling({ subscription: { ...starterPeriod, cancelAtPeriodEnd: true } });
    const plan = await findPlanSection();
    expect(await plan.findByText('Ends on March 31, 2027')).toBeInTheDocument();
    expect(plan.queryByText(/Renews on/)).toBeNull();
  });

  it('gives the Free plan its monthly reset date and usage, no renewal', async () => {
    openBilling({
      plan: { name: 'Free', is_default: true },
      subscription: {
        plan: 'Free',
        interval: 'month',
        status: null,
        currentPeriodEnd: '2026-12-01T00:00:00.000Z',
        cancelAtPeriodEnd: false,
        usage: { credits: { used: 3, granted: 25 }, leadSearches: { used: 0, granted: 10 } },
      },
    });
    const plan = await findPlanSection();
    expect(await plan.findByText('Credits reset on December 1, 2026')).toBeInTheDocument();
    expect(plan.queryByText(/Renews on/)).toBeNull();
    expect(
      plan.getByText(
        'This period: 3 of 25 verified e-mails used · 0 of 10 Lead Finder searches used',
      ),
    ).toBeInTheDocument();
  });

  it('shows the card: type, brand, last four, e-mail and bank name', async () => {
    openBilling({
      card: {
        type: 'us_bank',
        brand: null,
        last4: '6789',
        email: 'ann@acme.com',
        bank_name: 'STRIPE TEST BANK',
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Payment method' }));
    expect(await card.findByText('US bank account')).toBeInTheDocument();
    expect(card.getByText('•••• 6789')).toBeInTheDocument();
    expect(card.getByText('ann@acme.com')).toBeInTheDocument();
    expect(card.getByText('STRIPE TEST BANK')).toBeInTheDocument();
  });

  it('shows a card’s type and brand, the brand as the card writes it', async () => {
    openBilling();
    const card = within(await screen.findByRole('region', { name: 'Payment method' }));
    expect(await card.findByText('Visa')).toBeInTheDocument();
    expect(card.queryByText('visa')).toBeNull();
    expect(card.getByText('Card')).toBeInTheDocument();
  });

  it('says when no card is on file', async () => {
    openBilling({ card: null });
    expect(await screen.findByText('No payment method on file.')).toBeInTheDocument();
  });

  it('says when the card cannot be read', async () => {
    const server = createFakeServer({
      'GET /api/checkout/card': errorBody(400, billingMessages.cannotGetCard),
    });
    logIn(server);
    renderApp('/settings/billing');
    expect(await screen.findByText(billingMessages.cannotGetCard)).toBeInTheDocument();
  });

  it('cancels a paid plan after confirmation; the user is back on the default plan', async () => {
    const { server, user } = openBilling();
    let canceled = false;
    server.on('DELETE /api/checkout/subscription', () => {
      canceled = true;
      return { body: { message: billingMessages.subscriptionCanceled } };
    });
    server.on('GET /api/auth/user', () => ({
      body: makeUser({ plan: canceled ? { name: 'Free', is_default: true } : paidPlan }),
    }));
    server.on('GET /api/checkout/subscription', () => ({
      body: canceled
        ? { ...starterPeriod, plan: 'Free', status: null, currentPeriodEnd: '2027-04-01T00:00:00Z' }
        : starterPeriod,
    }));
    await user.click(
      await (await findPlanSection()).getByRole('button', { name: 'Cancel Subscription' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel subscription' }));
    await user.click(dialog.getByRole('button', { name: 'Keep Plan' }));
    expect(server.requestsTo('DELETE /api/checkout/subscription')).toHaveLength(0);

    await user.click(planSection().getByRole('button', { name: 'Cancel Subscription' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel subscription' })).getByRole(
        'button',
        { name: 'Confirm Cancellation' },
      ),
    );
    expect(await screen.findByText(billingMessages.subscriptionCanceled)).toBeInTheDocument();
    expect(server.requestsTo('DELETE /api/checkout/subscription')).toHaveLength(1);
    await waitFor(() =>
      expect(planSection().queryByRole('button', { name: 'Cancel Subscription' })).toBeNull(),
    );
    expect(planSection().getByText('Free')).toBeInTheDocument();
    expect(await planSection().findByText('Credits reset on April 1, 2027')).toBeInTheDocument();
    expect(planSection().queryByText(/Renews on/)).toBeNull();
  });

  it('says when the subscription cannot be cancelled', async () => {
    const { server, user } = openBilling();
    server.on(
      'DELETE /api/checkout/subscription',
      errorBody(400, billingMessages.cannotCancelSubscription),
    );
    await user.click(
      await (await findPlanSection()).getByRole('button', { name: 'Cancel Subscription' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel subscription' })).getByRole(
        'button',
        { name: 'Confirm Cancellation' },
      ),
    );
    expect(await screen.findByText(billingMessages.cannotCancelSubscription)).toBeInTheDocument();
  });

  it('edits the payment method in the local customer portal', async () => {
    const { server, user, location } = openBilling();
    const back = `${window.location.origin}/settings/billing`;
    server.on('POST /api/checkout/customer-portal', { body: { url: `${back}?portal=local` } });
    const mastercard = { ...visa, brand: 'mastercard', last4: '4444' };
    server.on('POST /api/checkout/local/card', { body: mastercard });

    await user.click(
      await (await findPlanSection()).getByRole('button', { name: 'Edit Payment Method' }),
    );
    const form = within(await screen.findByRole('form', { name: 'New card' }));
    expect(location()).toBe('/settings/billing?portal=local');
    expect(server.requestsTo('POST /api/checkout/customer-portal')[0]?.body).toEqual({
      returnUrl: back,
      redirectUrl: back,
    });

    await user.type(form.getByLabelText('Name on card', { exact: false }), 'Ann Lee');
    await user.type(form.getByLabelText('Card number', { exact: false }), '5555555555554444');
    await user.type(form.getByLabelText('Expiry', { exact: false }), '0129');
    await user.type(form.getByLabelText('CVC', { exact: false }), '321');
    await user.click(form.getByRole('button', { name: 'Save Card' }));

    expect(await screen.findByText('•••• 4444')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/settings/billing'));
    expect(server.requestsTo('POST /api/checkout/local/card')[0]?.body).toEqual({
      name: 'Ann Lee',
      cardNumber: '5555555555554444',
      expiry: '01/29',
      cvc: '321',
    });
  });

  it('says when the customer portal cannot be opened', async () => {
    const { server, user } = openBilling();
    server.on(
      'POST /api/checkout/customer-portal',
      errorBody(400, billingMessages.cannotCreatePortal),
    );
    await user.click(
      await (await findPlanSection()).getByRole('button', { name: 'Edit Payment Method' }),
    );
    expect(await screen.findByText(billingMessages.cannotCreatePortal)).toBeInTheDocument();
  });
});
