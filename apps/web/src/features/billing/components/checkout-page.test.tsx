import { paymentMessages } from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';
import { plans, starterPeriod } from '../billing.test-kit.ts';

// Stripe's SDK never loads in tests: the embedded checkout is played by this stand-in.
const stripe = vi.hoisted(() => {
  const mount = vi.fn();
  const destroy = vi.fn();
  const createEmbeddedCheckoutPage = vi.fn(async () => ({ mount, destroy, unmount: vi.fn() }));
  const loadStripe = vi.fn(async () => ({ createEmbeddedCheckoutPage }));
  return { loadStripe, createEmbeddedCheckoutPage, mount };
});
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

const checkoutEntry = { pathname: '/checkout', state: { clientSecret: 'cs_secret_1' } };
const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });

async function fillCard(user: ReturnType<typeof renderApp>['user'], cardNumber: string) {
  await user.type(await screen.findByLabelText('Name on card', { exact: false }), 'Ann Lee');
  await user.type(field('Card number'), cardNumber);
  await user.type(field('Expiry'), '1230');
  await user.type(field('CVC'), '123');
}

describe('checkout (product-spec §2 "Checkout")', () => {
  it('goes back to /purchase without a client secret', async () => {
    const server = createFakeServer({
      'GET /api/checkout/config': { body: { provider: 'local' } },
    });
    logIn(server);
    const { location } = renderApp('/checkout');
    await waitFor(() => expect(location()).toBe('/purchase'));
  });

  it('checks the card form as you type, before Pay is pressed', async () => {
    const server = createFakeServer({
      'GET /api/checkout/config': { body: { provider: 'local' } },
    });
    logIn(server);
    const { user } = renderApp(checkoutEntry);
    await screen.findByText(/4242 4242 4242 4242/);
    await user.type(field('Card number'), '4242');
    expect(await screen.findByText(paymentMessages.cardNumberInvalid)).toBeInTheDocument();
    await user.type(field('Expiry'), '13');
    expect(await screen.findByText(paymentMessages.expiryInvalid)).toBeInTheDocument();
    await user.type(field('CVC'), '1');
    expect(await screen.findByText(paymentMessages.cvcInvalid)).toBeInTheDocument();
    await user.type(field('Card number'), '424242424242');
    await waitFor(() =>
      expect(screen.queryByText(paymentMessages.cardNumberInvalid)).not.toBeInTheDocument(),
    );
  });

  it('pays with the local card form and follows the return url', async () => {
    const server = createFakeServer({
      'GET /api/checkout/config': { body: { provider: 'local' } },
      'POST /api/checkout/local/confirm': {
        body: {
          status: 'complete',
          returnUrl: `${window.location.origin}/checkout/return?session_id=cs_1`,
        },
      },
      // The return page's status check stays unanswered: this test stops at the arrival.
      'GET /api/checkout/cs_1': () => new Promise(() => {}),
    });
    logIn(server);
    const { user, location } = renderApp(checkoutEntry);
    expect(await screen.findByText(/4242 4242 4242 4242/)).toBeInTheDocument();
    await fillCard(user, '4242424242424242');
    expect(field('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(field('Expiry')).toHaveValue('12/30');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    await waitFor(() => expect(location()).toBe('/checkout/return?session_id=cs_1'));
    expect(server.requestsTo('POST /api/checkout/local/confirm')[0]?.body).toEqual({
      clientSecret: 'cs_secret_1',
      name: 'Ann Lee',
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
  });

  it('shows a declined card and lets the buyer try again', async () => {
    const server = createFakeServer({
      'GET /api/checkout/config': { body: { provider: 'local' } },
      'POST /api/checkout/local/confirm': errorBody(402, paymentMessages.cardDeclined),
    });
    logIn(server);
    const { user, location } = renderApp(checkoutEntry);
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(paymentMessages.cardDeclined);
    expect(location()).toBe('/checkout');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('checks the card fields before paying', async () => {
    const server = createFakeServer({
      'GET /api/checkout/config': { body: { provider: 'local' } },
    });
    logIn(server);
    const { user } = renderApp(checkoutEntry);
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(paymentMessages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(paymentMessages.cardNumberInvalid)).toBeInTheDocument();
    expect(screen.getByText(paymentMessages.expiryInvalid)).toBeInTheDocument();
    expect(screen.getByText(paymentMessages.cvcInvalid)).toBeInTheDocument();
    expect(server.requestsTo('POST /api/checkout/local/confirm')).toHaveLength(0);
  });

  it('mounts Stripe’s embedded checkout when the server is configured for Stripe', async () => {
    const server = createFakeServer({
      'GET /api/checkout/config': { body: { provider: 'stripe', publishableKey: 'pk_test_1' } },
    });
    logIn(server);
    renderApp(checkoutEntry);
    await waitFor(() => expect(stripe.mount).toHaveBeenCalledTimes(1));
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_1');
    expect(stripe.createEmbeddedCheckoutPage).toHaveBeenCalledWith({ clientSecret: 'cs_secret_1' });
    expect(stripe.mount).toHaveBeenCalledWith(screen.getByTestId('stripe-checkout'));
    expect(screen.queryByLabelText('Card number', { exact: false })).toBeNull();
  });

  it('shows the order beside the card form before Pay: a plan, its credits and its renewal', async () => {
    const server = createFakeServer({
      'GET /api/checkout/config': { body: { provider: 'local' } },
      'GET /api/checkout/plans/list': { body: plans },
    });
    logIn(server);
    renderApp({
      ...checkoutEntry,
      state: { ...checkoutEntry.state, priceId: 'price_growth_month' },
    });
    const order = within(await screen.findByRole('region', { name: 'Order summary' }));
    expect(order.getByText('Growth (Monthly)')).toBeInTheDocument();
    expect(order.getByText('2,000 fully verified emails per month')).toBeInTheDocument();
    expect(order.getByText('200 searches with Lead Finder/Look-Alike')).toBeInTheDocument();
    expect(order.getByText('$149')).toBeInTheDocument();
    expect(order.getByText('Renews every month until you cancel.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeInTheDocument();
  });

  it('says before Pay that the plan paid for ends without a refund and its credits stay', async () => {
    const server = createFakeServer({
      'GET /api/checkout/config': { body: { provider: 'local' } },
      'GET /api/checkout/plans/list': { body: plans },
      'GET /api/checkout/subscription': { body: starterPeriod },
    });
    logIn(server);
    const { unmount } = renderApp({
      ...checkoutEntry,
      state: { ...checkoutEntry.state, priceId: 'price_growth_month' },
    });
    const order = within(await screen.findByRole('region', { name: 'Order summary' }));
    expect(
      await order.findByText(
        'Your Starter plan ends when you pay, with no refund for the rest of its month; the credits it gave you stay.',
      ),
    ).toBeInTheDocument();
    expect(order.getByText('$149')).toBeInTheDocument();
    unmount();

    // Extra credits replace no plan.
    renderApp({
      ...checkoutEntry,
      state: { ...checkoutEntry.state, priceId: 'price_extra_credits', quantity: 1500 },
    });
    const credits = within(await screen.findByRole('region', { name: 'Order summary' }));
    await waitFor(() =>
      expect(server.requestsTo('GET /api/checkout/subscription')).toHaveLength(2),
    );
    expect(credits.queryByText(/plan ends when you pay/)).toBeNull();
  });

  it('shows Extra credits as quantity × price per credit, paid once', async () => {
    const server = createFakeServer({
      'GET /api/checkout/config': { body: { provider: 'local' } },
      'GET /api/checkout/plans/list': { body: plans },
    });
    logIn(server);
    renderApp({
      ...checkoutEntry,
      state: { ...checkoutEntry.state, priceId: 'price_extra_credits', quantity: 1500 },
    });
    const order = within(await screen.findByRole('region', { name: 'Order summary' }));
    expect(order.getByText('1,500 credits × $0.05')).toBeInTheDocument();
    expect(order.getByText('$75')).toBeInTheDocument();
    expect(order.getByText('One-time payment.')).toBeInTheDocument();
  });

  it('never loads Stripe for the local provider', async () => {
    stripe.loadStripe.mockClear();
    const server = createFakeServer({
      'GET /api/checkout/config': { body: { provider: 'local' } },
    });
    logIn(server);
    renderApp(checkoutEntry);
    await screen.findByRole('button', { name: 'Pay' });
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });
});
