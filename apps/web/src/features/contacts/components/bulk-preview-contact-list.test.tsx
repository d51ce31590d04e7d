import { bulkMessages } from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';

// product-spec §2 "Bulk preview": the icon to create a contact list shows only with the mail
// section and when results exist.
function openPreview({
  sections,
  successCount,
  paid = true,
}: {
  sections: string[];
  successCount: number;
  paid?: boolean;
}) {
  const server = createFakeServer({
    'GET /api/file/r1/preview': {
      body: {
        fileName: 'leads.csv',
        rows:
          successCount === 0
            ? [['First Name', 'Last Name', 'Email']]
            : [
                ['First Name', 'Last Name', 'Email'],
                ['Ann', 'Lee', 'ann@acme.test'],
              ],
        paid,
        credits: paid ? 0 : 6,
        hasInputFile: false,
        summary: {
          rows: 1,
          found: successCount,
          verified: successCount,
          notFound: 1 - successCount,
          failed: [],
        },
      },
    },
    'GET /api/search-history/bulk/r1': {
      body: {
        requestId: 'r1',
        input: { fileName: 'leads.csv', length: 1, hasInputFile: false },
        status: 'completed',
        progress: { success: 1, fail: 0, total: 1 },
        result: {
          successCount,
          verifiedCount: successCount,
          hasMultipleFiles: true,
          credits: successCount,
        },
        error: null,
        purchases: paid ? [{ id: 'p1' }] : [],
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    },
  });
  logIn(server, { user: { properties: { sections } }, balance: { balance: 20, onHold: 0 } });
  return { server, ...renderApp('/search/bulk/preview/r1') };
}

describe('Create Contact List icon on the bulk preview', () => {
  it('shows with the mail section and found e-mails', async () => {
    openPreview({ sections: ['mail'], successCount: 1 });
    expect(await screen.findByRole('button', { name: 'Create Contact List' })).toBeInTheDocument();
  });

  it('is absent without the mail section', async () => {
    openPreview({ sections: [], successCount: 1 });
    await screen.findByRole('button', { name: 'Download Results' });
    expect(screen.queryByRole('button', { name: 'Create Contact List' })).toBeNull();
  });

  it('is absent when no e-mail was found', async () => {
    openPreview({ sections: ['mail'], successCount: 0 });
    await screen.findByRole('button', { name: 'Download Results' });
    expect(screen.queryByRole('button', { name: 'Create Contact List' })).toBeNull();
  });

  it('shows what an unpaid result costs and the balance before the list pays for it; cancelling spends nothing', async () => {
    const { server, user } = openPreview({ sections: ['mail'], successCount: 1, paid: false });
    await user.click(await screen.findByRole('button', { name: 'Create Contact List' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Contact List' }));
    expect(dialog.getByText(bulkMessages.youWillPay(6))).toBeInTheDocument();
    expect(dialog.getByText('Credits available: 20')).toBeInTheDocument();
    const before = server.requests.length;
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create Contact List' })).toBeNull(),
    );
    expect(server.requests.slice(before).filter((request) => request.method !== 'GET')).toEqual([]);
    expect(server.requests.some((request) => /\/result\/|\/groups/.test(request.path))).toBe(false);
  });

  it('says no price for a result already paid for', async () => {
    const { user } = openPreview({ sections: ['mail'], successCount: 1 });
    await user.click(await screen.findByRole('button', { name: 'Create Contact List' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Contact List' }));
    expect(dialog.getByLabelText(/Name/)).toBeInTheDocument();
    expect(dialog.queryByText(/You will pay/)).toBeNull();
  });
});
