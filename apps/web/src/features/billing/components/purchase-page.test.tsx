import { billingMessages, validationMessages as m } from '@mailhound/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';
import { paidPlan, plans } from '../billing.test-kit.ts';

const planCard = (name: string) => screen.getByRole('article', { name });
const creditsField = () => screen.getByRole('textbox', { name: 'Credits' });

function billingServer() {
  return createFakeServer({
    'GET /api/checkout/plans/list': { body: plans },
    'GET /api/checkout/config': { body: { provider: 'local' } },
    'POST /api/checkout': { body: { client_secret: 'cs_secret_1', sessionId: 'cs_1' } },
  });
}

function purchaseEvents(server: FakeServer) {
  return server
    .requestsTo('POST /api/events')
    .filter((request) => (request.body as { name: string }).name === 'purchase_failed');
}

describe('plans list (product-spec §2 "Purchase")', () => {
  it('shows a guest every plan but Extra credits, with its texts', async () => {
    billingServer();
    renderApp('/purchase');
    expect(await screen.findByRole('heading', { name: 'Purchase' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Free' });

    const free = within(planCard('Free'));
    expect(free.getByText(billingMessages.freeForever)).toBeInTheDocument();
    expect(free.getByText('25 fully verified emails per month')).toBeInTheDocument();
    expect(free.getByText('10 searches with Lead Finder')).toBeInTheDocument();
    expect(free.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');

    const starter = within(planCard('Starter'));
    expect(starter.getByText('$49/month')).toBeInTheDocument();
    expect(starter.getByText('500 fully verified emails per month')).toBeInTheDocument();
    expect(starter.getByText('50 searches with Lead Finder/Look-Alike')).toBeInTheDocument();
    expect(starter.getByRole('button', { name: 'Choose Plan' })).toBeEnabled();

    expect(screen.queryByRole('article', { name: 'Extra credits' })).toBeNull();
    expect(
      screen.getByRole('heading', { name: billingMessages.cancelAnytime }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /customer support/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:support@/),
    );
    expect(screen.getByRole('complementary', { name: 'Fully Verified Email' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'One in three' })).toHaveTextContent(
      'one in three searches',
    );
  });

  it('switches between monthly and yearly offers', async () => {
    billingServer();
    const { user } = renderApp('/purchase');
    await screen.findByRole('article', { name: 'Starter' });
    expect(screen.queryByRole('article', { name: 'Starter Yearly' })).toBeNull();
    await user.click(screen.getByText('Yearly'));
    const yearly = within(planCard('Starter Yearly'));
    expect(yearly.getByText('$470/year')).toBeInTheDocument();
    expect(yearly.getByText('6,000 fully verified emails per year')).toBeInTheDocument();
    expect(
      yearly.getByText('600 searches with Lead Finder/Look-Alike per year'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Starter' })).toBeNull();
    expect(planCard('Free')).toBeInTheDocument();
  });

  it('sends a guest who chooses a plan to sign up, coming back to the same choice', async () => {
    billingServer();
    const { user, location } = renderApp('/purchase');
    await user.click(
      within(await screen.findByRole('article', { name: 'Growth' })).getByRole('button', {
        name: 'Choose Plan',
      }),
    );
    await waitFor(() => expect(location()).toMatch(/^\/signup\?/));
    const redirectUrl = new URLSearchParams(location().split('?')[1]).get('redirectUrl');
    expect(redirectUrl).toBe('/purchase?priceId=price_growth_month&planName=Growth&quantity=1');
  });

  it('hides the free plan from a logged-in user and marks their own plan', async () => {
    const server = billingServer();
    logIn(server, { user: { plan: paidPlan } });
    renderApp('/purchase');
    const own = within(await screen.findByRole('article', { name: 'Starter' }));
    expect(own.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(screen.queryByRole('article', { name: 'Free' })).toBeNull();
    expect(within(planCard('Growth')).getByRole('button', { name: 'Choose Plan' })).toBeEnabled();
  });

  it('starts a checkout for a logged-in user and opens /checkout with the client secret', async () => {
    const server = billingServer();
    logIn(server);
    const { user, location, router } = renderApp('/purchase');
    await user.click(
      within(await screen.findByRole('article', { name: 'Growth' })).getByRole('button', {
        name: 'Choose Plan',
      }),
    );
    await waitFor(() => expect(location()).toBe('/checkout'));
    expect(router.state.location.state).toEqual({
      clientSecret: 'cs_secret_1',
      priceId: 'price_growth_month',
      quantity: 1,
    });
    expect(server.requestsTo('POST /api/checkout')[0]?.body).toEqual({
      priceId: 'price_growth_month',
      quantity: 1,
      returnUrl: `${window.location.origin}/checkout/return?session_id={CHECKOUT_SESSION_ID}`,
    });
  });

  it('tracks a failed purchase and shows nothing', async () => {
    const server = billingServer();
    server.on('POST /api/checkout', {
      status: 500,
      body: { statusCode: 500, error: 'Error', message: billingMessages.cannotCreateCheckout },
    });
    logIn(server);
    const { user, location } = renderApp('/purchase');
    await user.click(
      within(await screen.findByRole('article', { name: 'Growth' })).getByRole('button', {
        name: 'Choose Plan',
      }),
    );
    await waitFor(() => expect(purchaseEvents(server)).toHaveLength(1));
    expect(location()).toBe('/purchase');
    expect(screen.queryByText(billingMessages.cannotCreateCheckout)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('extra credits (product-spec §5 "Credits purchase")', () => {
  async function openExtraCredits() {
    const server = billingServer();
    logIn(server);
    const app = renderApp('/purchase');
    await screen.findByRole('form', { name: 'Extra credits' });
    return { server, ...app };
  }

  it('starts at 10 credits, priced at the Extra credits plan’s price per credit', async () => {
    await openExtraCredits();
    expect(creditsField()).toHaveValue('10');
    expect(screen.getByText('Total price: $0.50')).toBeInTheDocument();
  });

  it('keeps digits only, strips leading zeros and stops at 9,999,999', async () => {
    const { user } = await openExtraCredits();
    await user.clear(creditsField());
    await user.type(creditsField(), '0042');
    expect(creditsField()).toHaveValue('42');
    expect(screen.getByText('Total price: $2.10')).toBeInTheDocument();
    await user.clear(creditsField());
    await user.paste('1x2y3');
    expect(creditsField()).toHaveValue('123');
    await user.clear(creditsField());
    await user.type(creditsField(), '123456789');
    expect(creditsField()).toHaveValue('1234567');
    await user.clear(creditsField());
    await user.type(creditsField(), '99999999');
    expect(creditsField()).toHaveValue('9999999');
    expect(screen.getByText('Total price: $499,999.95')).toBeInTheDocument();
  });

  it('refuses the keys e . - + and ,', async () => {
    await openExtraCredits();
    for (const key of ['e', 'E', '.', '-', '+', ',']) {
      expect(fireEvent.keyDown(creditsField(), { key })).toBe(false);
    }
    expect(fireEvent.keyDown(creditsField(), { key: '5' })).toBe(true);
    expect(fireEvent.keyDown(creditsField(), { key: 'Backspace' })).toBe(true);
  });

  it('says Minimum value is 10 below 10 and does not purchase', async () => {
    const { user, server } = await openExtraCredits();
    await user.clear(creditsField());
    expect(await screen.findByText(m.creditsMin)).toBeInTheDocument();
    await user.type(creditsField(), '9');
    expect(screen.getByText(m.creditsMin)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(server.requestsTo('POST /api/checkout')).toHaveLength(0);
    await user.type(creditsField(), '0');
    await waitFor(() => expect(screen.queryByText(m.creditsMin)).toBeNull());
  });

  it('moves by 10 with plus and minus, never below 10', async () => {
    const { user } = await openExtraCredits();
    const plus = screen.getByRole('button', { name: 'Add 10 credits' });
    const minus = screen.getByRole('button', { name: 'Remove 10 credits' });
    await user.click(plus);
    await user.click(plus);
    expect(creditsField()).toHaveValue('30');
    await user.click(minus);
    expect(creditsField()).toHaveValue('20');
    await user.click(minus);
    await user.click(minus);
    expect(creditsField()).toHaveValue('10');
    await user.clear(creditsField());
    await user.type(creditsField(), '15');
    await user.click(minus);
    expect(creditsField()).toHaveValue('10');
  });

  it('buys the chosen number of credits', async () => {
    const { user, server, location } = await openExtraCredits();
    await user.click(screen.getByRole('button', { name: 'Add 10 credits' }));
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(location()).toBe('/checkout'));
    expect(server.requestsTo('POST /api/checkout')[0]?.body).toMatchObject({
      priceId: 'price_extra_credits',
      quantity: 20,
    });
  });

  it('sends a guest to sign up with the credits in the way back', async () => {
    billingServer();
    const { user, location } = renderApp('/purchase');
    await screen.findByRole('form', { name: 'Extra credits' });
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(location()).toMatch(/^\/signup\?/));
    expect(new URLSearchParams(location().split('?')[1]).get('redirectUrl')).toBe(
      '/purchase?priceId=price_extra_credits&planName=Extra+credits&quantity=10',
    );
  });
});

describe('after login with a priceId (product-spec §4 "Purchase")', () => {
  it('starts the checkout at once, the quantity defaulting to 1', async () => {
    const server = billingServer();
    logIn(server);
    const { location } = renderApp('/purchase?priceId=price_growth_month&planName=Growth');
    await waitFor(() => expect(location()).toBe('/checkout'));
    expect(server.requestsTo('POST /api/checkout')).toHaveLength(1);
    expect(server.requestsTo('POST /api/checkout')[0]?.body).toMatchObject({
      priceId: 'price_growth_month',
      quantity: 1,
    });
  });

  it('passes the quantity of extra credits on', async () => {
    const server = billingServer();
    logIn(server);
    const { location } = renderApp(
      '/purchase?priceId=price_extra_credits&planName=Extra+credits&quantity=250',
    );
    await waitFor(() => expect(location()).toBe('/checkout'));
    expect(server.requestsTo('POST /api/checkout')[0]?.body).toMatchObject({
      priceId: 'price_extra_credits',
      quantity: 250,
    });
  });

  it('warns that the plan is already purchased and clears the query', async () => {
    const server = billingServer();
    logIn(server, { user: { plan: paidPlan } });
    const { location } = renderApp('/purchase?priceId=price_starter_month&planName=Starter');
    expect(await screen.findByText(billingMessages.planAlreadyPurchased)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/purchase'));
    expect(server.requestsTo('POST /api/checkout')).toHaveLength(0);
  });

  it('waits for an unverified user to verify first', async () => {
    const server = billingServer();
    logIn(server, { user: { status: 'not verified' } });
    const { location } = renderApp('/purchase?priceId=price_growth_month');
    await waitFor(() => expect(location()).toMatch(/^\/email-verification/));
    expect(server.requestsTo('POST /api/checkout')).toHaveLength(0);
  });
});
