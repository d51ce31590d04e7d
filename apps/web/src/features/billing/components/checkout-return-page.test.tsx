import { billingMessages, CHECKOUT_RETURN_DELAY_MS } from '@mailhound/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';

// The clock is the test's: the 2-second wait is stepped through, never waited for.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

function visitedPaths(router: ReturnType<typeof renderApp>['router']) {
  const paths: string[] = [];
  router.subscribe((state) => paths.push(state.location.pathname));
  return paths;
}

describe('checkout return (product-spec §2 "Checkout return")', () => {
  it('waits 2 seconds on a complete session, then shows the invoices with the success', async () => {
    let paid = false;
    const server = createFakeServer({
      'GET /api/checkout/receipts': { body: [] },
    });
    logIn(server, { balance: { balance: 25, onHold: 0 } });
    server.on('GET /api/checkout/cs_1', () => {
      paid = true;
      return { body: { status: 'complete' } };
    });
    server.on('GET /api/auth/user/balance', () => ({
      body: {
        balance: paid ? 45 : 25,
        onHold: 0,
        plan: { name: 'Free', is_default: true },
        leadSearchBalance: 10,
      },
    }));
    const { location } = renderApp('/checkout/return?session_id=cs_1');
    await screen.findByText('Payment received. Thank you!');
    // The purchase shows in the balance at once.
    expect((await screen.findAllByText('Credits available: 45')).length).toBeGreaterThan(0);

    await vi.advanceTimersByTimeAsync(CHECKOUT_RETURN_DELAY_MS - 500);
    expect(location()).toBe('/checkout/return?session_id=cs_1');
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(location()).toBe('/settings/invoices'));
    expect(await screen.findByText('Thank you! Your payment was successful.')).toBeInTheDocument();
  });

  it('goes to /checkout when the session is not complete', async () => {
    const server = createFakeServer({
      'GET /api/checkout/cs_2': { body: { status: 'open' } },
      'GET /api/checkout/plans/list': { body: [] },
    });
    logIn(server);
    const { router } = renderApp('/checkout/return?session_id=cs_2');
    const paths = visitedPaths(router);
    // /checkout without a client secret then sends the buyer on to /purchase.
    await waitFor(() => expect(paths).toContain('/checkout'));
    expect(server.requestsTo('GET /api/checkout/cs_2')).toHaveLength(1);
  });

  it('goes to /checkout without a session id', async () => {
    const server = createFakeServer({ 'GET /api/checkout/plans/list': { body: [] } });
    logIn(server);
    const { location } = renderApp('/checkout/return');
    // Only /checkout sends a visitor without a client secret on to /purchase.
    await waitFor(() => expect(location()).toBe('/purchase'));
  });

  it('says when the session cannot be read', async () => {
    const server = createFakeServer({
      'GET /api/checkout/cs_3': errorBody(400, billingMessages.cannotGetCheckout),
    });
    logIn(server);
    const { user, location } = renderApp('/checkout/return?session_id=cs_3');
    expect(await screen.findByText(billingMessages.cannotGetCheckout)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Purchase' }));
    await waitFor(() => expect(location()).toBe('/purchase'));
  });
});
