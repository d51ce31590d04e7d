import { bulkMessages, paymentMessages } from '@mailhound/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';

describe('bonus page (product-spec §2 "Bonus page")', () => {
  it('greets with the bonus amount and offers both searches', async () => {
    const server = createFakeServer({
      'GET /api/affiliates/one-time-reward': { body: { amount: 20 } },
    });
    logIn(server);
    renderApp('/one-time-credits-bonus');
    expect(await screen.findByText('You have received 20 bonus credits.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make Bulk Search' })).toHaveAttribute(
      'href',
      '/search/bulk',
    );
    expect(screen.getByRole('link', { name: 'Make Single Search' })).toHaveAttribute(
      'href',
      '/search/single',
    );
    expect(server.requestsTo('GET /api/affiliates/one-time-reward')).toHaveLength(1);
  });

  it('sends a user who already had the bonus to /search/single', async () => {
    const server = createFakeServer({
      'GET /api/affiliates/one-time-reward': errorBody(400, paymentMessages.bonusAlreadyReceived),
      'GET /api/search-history/single': { body: null },
    });
    logIn(server);
    const { location } = renderApp('/one-time-credits-bonus');
    await waitFor(() => expect(location()).toBe('/search/single'));
  });

  it('says Something went wrong. on any other failure', async () => {
    const server = createFakeServer({
      'GET /api/affiliates/one-time-reward': errorBody(500, 'boom'),
    });
    logIn(server);
    const { location } = renderApp('/one-time-credits-bonus');
    expect(await screen.findByText(bulkMessages.bonusFailed)).toBeInTheDocument();
    expect(location()).toBe('/one-time-credits-bonus');
  });

  it('needs a login', async () => {
    createFakeServer();
    const { location } = renderApp('/one-time-credits-bonus');
    await waitFor(() => expect(location()).toMatch(/^\/auth\/login\?redirectUrl=/));
  });
});
