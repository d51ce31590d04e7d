import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logInWithMail, makeCustomer, makeList } from '../contacts.test-kit.ts';

function openDetails() {
  let columns = ['Company', 'Region'];
  const server = createFakeServer({
    'GET /api/mail/groups/list-4/extended': () => ({
      body: {
        group: makeList(4, { id: 'list-4', name: 'Founders', customer_count: 1 }),
        columns,
        customers: [
          makeCustomer(1, {
            additional_fields: columns.includes('Company')
              ? { Company: 'Acme', Region: 'EU' }
              : { Region: 'EU' },
          }),
        ],
        page: 1,
        pages: 1,
        per_page: 10,
        total_count: 1,
      },
    }),
    'GET /api/mail/additional-fields/list': () => ({
      body: columns.map((name, index) => ({ id: `f-${index + 1}`, name })),
    }),
    'DELETE /api/mail/additional-fields/f-1': () => {
      columns = columns.filter((name) => name !== 'Company');
      return { body: { message: 'The custom field was deleted.' } };
    },
  });
  logInWithMail(server);
  return { server, ...renderApp('/contacts/details/list-4') };
}

const headers = () =>
  within(screen.getByRole('table', { name: 'Contacts' }))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

describe('deleting a custom column from its header', () => {
  it('says the values go for every contact of every list, then deletes it by id and refreshes the table', async () => {
    const { server, user } = openDetails();
    await screen.findByRole('table', { name: 'Contacts' });
    expect(headers()).toContain('Company');
    await user.click(screen.getByRole('button', { name: 'Column options for Company' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Column' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Column' });
    expect(
      await within(dialog).findByText(
        'Delete the column "Company"? Its values are erased for every contact, in this list and in all your other contact lists, where the column disappears too. The contacts themselves stay. This cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Column' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo('DELETE /api/mail/additional-fields/f-1')).toHaveLength(1);
    expect(await screen.findByText('The column "Company" was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(headers()).not.toContain('Company'));
    expect(headers()).toContain('Region');
    expect(screen.queryByText('Acme')).toBeNull();
  });

  it('cancel deletes nothing', async () => {
    const { server, user } = openDetails();
    await user.click(await screen.findByRole('button', { name: 'Column options for Region' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Column' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Column' });
    await within(dialog).findByText(/Delete the column "Region"\?/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
  });

  it('a column deleted meanwhile (404) is said to be gone, and the table is read again', async () => {
    const { server, user } = openDetails();
    server.on('DELETE /api/mail/additional-fields/f-2', errorBody(404, 'Custom field not found'));
    await user.click(await screen.findByRole('button', { name: 'Column options for Region' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Column' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Column' });
    const button = await within(dialog).findByRole('button', { name: 'Delete Column' });
    const reads = server.requestsTo('GET /api/mail/groups/list-4/extended').length;
    await user.click(button);
    expect(await within(dialog).findByText('This column was already deleted.')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.requestsTo('GET /api/mail/groups/list-4/extended').length).toBeGreaterThan(
        reads,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
