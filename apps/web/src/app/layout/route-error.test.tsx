import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { logIn } from '../../test/session-fixtures.ts';

// As when the screen's code cannot be fetched (a new release replaced it, the connection dropped).
vi.mock('../../features/campaigns/components/campaigns-page.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a screen that fails to load', () => {
  it('says so in words, offers a reload and keeps the navigation', async () => {
    const server = createFakeServer();
    logIn(server, { user: { properties: { sections: ['mail'] } } });
    renderApp('/campaigns');
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This page could not be shown. Reload the page to try again.',
    );
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
  });
});
