import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody, type FakeRequest } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { listPage, logInWithMail, makeCustomer, makeList } from '../contacts.test-kit.ts';

const customers = Array.from({ length: 12 }, (_, index) => makeCustomer(index + 1));
const founders = makeList(4, { id: 'list-4', name: 'Founders', customer_count: 12 });
const partners = makeList(7, { id: 'list-7', name: 'Partners' });
const webinar = makeList(8, {
  id: 'list-8',
  name: 'Webinar',
  campaign_id: 'camp-1',
  campaign_name: 'Spring launch',
});

function extended(request: FakeRequest) {
  const page = Number(request.query.get('page') ?? '1');
  return {
    body: {
      group: founders,
      columns: [],
      customers: customers.slice((page - 1) * 10, page * 10),
      page,
      pages: 2,
      per_page: 10,
      total_count: 12,
    },
  };
}

function openDetails() {
  const server = createFakeServer({
    'GET /api/mail/groups/list-4/extended': extended,
    'GET /api/mail/groups/list': { body: listPage([founders, partners, webinar]) },
    'GET /api/mail/groups/search': (request) => {
      const key = (request.query.get('key') ?? '').toLowerCase();
      return {
        body: listPage(
          [founders, partners, webinar].filter((list) => list.name.toLowerCase().includes(key)),
        ),
      };
    },
  });
  logInWithMail(server);
  return { server, ...renderApp('/contacts/details/list-4') };
}

type User = ReturnType<typeof renderApp>['user'];

async function pickList(user: User, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Contact list' }));
  await user.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('copying selected contacts to another list (Snov.io "Copy to list")', () => {
  it('copies the selection, kept across pages, and says how many were added and how many were already there', async () => {
    const { server, user } = openDetails();
    server.on('POST /api/mail/customers/copy', { body: { copied: 1 } });
    await screen.findByRole('table', { name: 'Contacts' });
    expect(screen.queryByRole('button', { name: 'Copy to List' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select person1@acme.com' }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select person11@acme.com' }));
    expect(screen.getByText('2 contacts selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy to List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy to List' });
    expect(
      within(dialog).getByText('Copy 2 selected contacts to another list. They stay on this one.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Contact list' }));
    // The current list is not a target.
    const names = (await screen.findAllByRole('option', { hidden: true })).map(
      (option) => option.textContent,
    );
    expect(names).toEqual(['Partners', 'Webinar']);
    await user.click(screen.getByRole('option', { name: 'Partners', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    expect(
      await within(dialog).findByText(
        '1 contact added to "Partners". 1 was already on it and was not added again.',
      ),
    ).toBeInTheDocument();
    expect(server.requestsTo('POST /api/mail/customers/copy')[0]?.body).toEqual({
      customer_ids: ['c-1', 'c-11'],
      group_id: 'list-7',
    });
    expect(screen.queryByText('2 contacts selected')).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Open List' })).toHaveAttribute(
      'href',
      '/contacts/details/list-7',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('selects the whole page from the header, and searches the target lists from 2 characters', async () => {
    const { server, user } = openDetails();
    server.on('POST /api/mail/customers/copy', { body: { copied: 10 } });
    await screen.findByRole('table', { name: 'Contacts' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all contacts on this page' }));
    expect(screen.getByText('10 contacts selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy to List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy to List' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Contact list' }), 'part');
    await waitFor(() =>
      expect(server.requestsTo('GET /api/mail/groups/search').at(-1)?.query.get('key')).toBe(
        'part',
      ),
    );
    await user.click(await screen.findByRole('option', { name: 'Partners', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText('10 contacts added to "Partners".')).toBeInTheDocument();
  });

  it('warns that a list with a campaign sends to the contacts copied into it', async () => {
    const { user } = openDetails();
    await user.click(await screen.findByRole('checkbox', { name: 'Select person2@acme.com' }));
    await user.click(screen.getByRole('button', { name: 'Copy to List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy to List' });
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeDisabled();
    await pickList(user, dialog, 'Webinar');
    expect(
      within(dialog).getByText(
        'The campaign "Spring launch" sends to this list: the contacts you copy join it and get its e-mails while it is active.',
      ),
    ).toBeInTheDocument();
    await pickList(user, dialog, 'Partners');
    expect(within(dialog).queryByText(/Spring launch/)).toBeNull();
  });

  it('shows the server’s refusal under the picker and keeps the selection', async () => {
    const { server, user } = openDetails();
    server.on('POST /api/mail/customers/copy', errorBody(404, 'Contact list not found'));
    await user.click(await screen.findByRole('checkbox', { name: 'Select person2@acme.com' }));
    await user.click(screen.getByRole('button', { name: 'Copy to List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy to List' });
    await pickList(user, dialog, 'Partners');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText('Contact list not found')).toBeInTheDocument();
    expect(screen.getByText('1 contact selected')).toBeInTheDocument();
  });
});
