import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';
import { plans } from '../../billing/billing.test-kit.ts';
import { logInPaid } from '../lookalike.test-kit.ts';

describe('look-alike restricted (product-spec §2 "Look-alike restricted", §6 "Paid plan")', () => {
  it('tells a free-plan user what look-alike does and offers the paid plans', async () => {
    const server = createFakeServer();
    logIn(server);
    server.on('GET /api/checkout/plans/list', { body: plans });
    renderApp('/look-alike/restricted');

    expect(
      await screen.findByRole('heading', { name: 'Find companies like your best customers' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Look-Alike is available on paid plans.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Plans' })).toHaveAttribute('href', '/purchase');

    const starter = within(await screen.findByRole('article', { name: 'Starter' }));
    expect(starter.getByText('$49/month')).toBeInTheDocument();
    expect(starter.getByText('50 searches with Lead Finder/Look-Alike')).toBeInTheDocument();
    expect(starter.getByRole('link', { name: 'Choose Plan' })).toHaveAttribute(
      'href',
      '/purchase?priceId=price_starter_month&planName=Starter&quantity=1',
    );
    // Neither the free plan nor the extra credits open look-alike.
    expect(screen.queryByRole('article', { name: 'Free' })).toBeNull();
    expect(screen.queryByRole('article', { name: 'Extra credits' })).toBeNull();
  });

  it('sends a user on a paid plan on to /look-alike', async () => {
    const server = createFakeServer();
    logInPaid(server);
    server.on('GET /api/search-history/lookalike', { body: null });
    const app = renderApp('/look-alike/restricted');
    await waitFor(() => expect(app.location()).toBe('/look-alike'));
    expect(await screen.findByText('Upload your list')).toBeInTheDocument();
  });
});
