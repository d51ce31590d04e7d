import { contactMessages } from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectFocusBackFromRowDialog } from '../../../test/dialog-focus.ts';
import { createFakeServer, errorBody, type FakeRequest } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { listPage, logInWithMail, makeList } from '../contacts.test-kit.ts';

const lists = Array.from({ length: 10 }, (_, index) => makeList(index + 1));

function openLists(answer: (request: FakeRequest) => unknown = () => listPage(lists, 1, 23)) {
  const server = createFakeServer({
    'GET /api/mail/groups/list': (request) => ({ body: answer(request) }),
  });
  logInWithMail(server);
  const app = renderApp('/contacts');
  return { server, ...app };
}

const table = () => screen.getByRole('table', { name: 'Contact lists' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('contact lists (product-spec §2 "Contact lists")', () => {
  it('shows Name, Campaign, Contacts, Creation Date (DD.MM.YYYY UTC) and paging text', async () => {
    openLists(() =>
      listPage(
        [
          makeList(3, {
            name: 'Founders',
            campaign_name: 'Spring launch',
            customer_count: 42,
            created: '2026-03-07T23:30:00.000Z',
          }),
        ],
        1,
        23,
      ),
    );
    await screen.findByRole('table', { name: 'Contact lists' });
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Campaign', 'Contacts', 'Creation Date', 'Actions']);
    const row = within(bodyRows()[0] as HTMLElement);
    expect(row.getByRole('link', { name: 'Founders' })).toHaveAttribute(
      'href',
      '/contacts/details/list-3',
    );
    expect(row.getByText('Spring launch')).toBeInTheDocument();
    expect(row.getByText('42')).toBeInTheDocument();
    expect(row.getByText('07.03.2026')).toBeInTheDocument();
    expect(screen.getByText('Showing 1-10 of 23 results')).toBeInTheDocument();
  });

  it('asks 10 lists a page and pages on', async () => {
    const { server, user } = openLists((request) =>
      listPage(lists, Number(request.query.get('page')), 23),
    );
    await screen.findByRole('table', { name: 'Contact lists' });
    expect(server.requestsTo('GET /api/mail/groups/list')[0]?.query.get('count')).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 21-23 of 23 results')).toBeInTheDocument();
    expect(server.requestsTo('GET /api/mail/groups/list').at(-1)?.query.get('page')).toBe('3');
  });

  it('sorts by Campaign A-Z, then Z-A', async () => {
    const { server, user } = openLists();
    await screen.findByRole('table', { name: 'Contact lists' });
    await user.click(screen.getByRole('button', { name: /^Campaign/ }));
    await waitFor(() => {
      const last = server.requestsTo('GET /api/mail/groups/list').at(-1);
      expect(last?.query.get('column')).toBe('campaign_name');
      expect(last?.query.get('order')).toBe('asc');
    });
    expect(screen.getByRole('button', { name: 'Campaign, sorted A-Z' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Campaign/ }));
    await waitFor(() =>
      expect(server.requestsTo('GET /api/mail/groups/list').at(-1)?.query.get('order')).toBe(
        'desc',
      ),
    );
    expect(screen.getByRole('button', { name: 'Campaign, sorted Z-A' })).toBeInTheDocument();
  });

  it('searches from 2 characters, once typing pauses, and says No results found', async () => {
    const { server, user } = openLists();
    server.on('GET /api/mail/groups/search', { body: listPage([], 1, 0) });
    await screen.findByRole('table', { name: 'Contact lists' });
    const search = screen.getByRole('textbox', { name: 'Search contact lists' });
    await user.type(search, 'a');
    await user.type(search, 'cme');
    expect(await screen.findByText(contactMessages.noResults)).toBeInTheDocument();
    // One search for the whole word: the key presses within 500 ms were debounced.
    const searches = server.requestsTo('GET /api/mail/groups/search');
    expect(searches.map((request) => request.query.get('key'))).toEqual(['acme']);
    expect(searches[0]?.query.get('count')).toBe('10');
    // The search box stays so the user can change the search.
    expect(screen.getByRole('textbox', { name: 'Search contact lists' })).toBeInTheDocument();
  });

  it('does not search with a single character', async () => {
    const { server, user } = openLists();
    await screen.findByRole('table', { name: 'Contact lists' });
    await user.type(screen.getByRole('textbox', { name: 'Search contact lists' }), 'a');
    // Longer than the 500 ms debounce: a lone character still asks nothing.
    await new Promise((done) => setTimeout(done, 700));
    expect(server.requestsTo('GET /api/mail/groups/search')).toHaveLength(0);
    expect(screen.getAllByRole('row')).toHaveLength(11);
  });

  it('without lists: no search box, a Create New Contacts List button to the name step', async () => {
    const { user, location } = openLists(() => listPage([], 1, 0));
    const create = await screen.findByRole('link', { name: 'Create New Contacts List' });
    expect(screen.queryByRole('textbox', { name: 'Search contact lists' })).toBeNull();
    await user.click(create);
    await waitFor(() => expect(location()).toBe('/contacts/name'));
  });

  it('renames a list in the Contact List Name modal, counting to 50', async () => {
    const { server, user } = openLists(() => listPage([makeList(1, { name: 'Leads' })]));
    server.on('PATCH /api/mail/groups/list-1', (request) => ({
      body: makeList(1, { name: (request.body as { name: string }).name }),
    }));
    await user.click(await screen.findByRole('button', { name: 'Actions for Leads' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact List Name' });
    const input = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(within(dialog).getByText('5/50')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '  Hot   leads ');
    expect(within(dialog).getByText('14/50')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.requestsTo('PATCH /api/mail/groups/list-1')[0]?.body).toEqual({
        name: 'Hot leads',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('gives focus back to the row’s Actions button when Rename is closed with Escape', async () => {
    const { user } = openLists(() => listPage([makeList(1, { name: 'Leads' })]));
    await expectFocusBackFromRowDialog(user, 'Leads', 'Rename');
  });

  it('shows the server’s name-in-use error under the rename field', async () => {
    const { server, user } = openLists(() => listPage([makeList(1, { name: 'Leads' })]));
    server.on('PATCH /api/mail/groups/list-1', errorBody(409, contactMessages.nameInUse));
    await user.click(await screen.findByRole('button', { name: 'Actions for Leads' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact List Name' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This name is already in use. Try another one.'),
    ).toBeInTheDocument();
  });

  it('deletes a list after the confirmation', async () => {
    const { server, user } = openLists(() => listPage([makeList(1, { name: 'Leads' })]));
    server.on('DELETE /api/mail/groups/list-1', { body: { message: 'Deleted' } });
    await user.click(await screen.findByRole('button', { name: 'Actions for Leads' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to delete this contact List?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.requestsTo('DELETE /api/mail/groups/list-1')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deleting the only list of the last page moves back to the last page with lists', async () => {
    const eleven = Array.from({ length: 11 }, (_, index) => makeList(index + 1));
    let stored = eleven;
    const { server, user } = openLists((request) => {
      const page = Number(request.query.get('page'));
      return listPage(stored.slice((page - 1) * 10, page * 10), page, stored.length);
    });
    server.on('DELETE /api/mail/groups/list-11', () => {
      stored = eleven.slice(0, 10);
      return { body: { message: 'Deleted' } };
    });
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11-11 of 11 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for List 11' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Showing 1-10 of 10 results')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(within(table()).getByRole('link', { name: 'List 1' })).toBeInTheDocument();
  });

  it('warns Active Campaign Detected on 409, with Cancel and Check the Campaigns', async () => {
    const { server, user, location } = openLists(() =>
      listPage([makeList(1, { name: 'Leads', campaign_name: 'Spring' })]),
    );
    server.on('DELETE /api/mail/groups/list-1', {
      status: 409,
      body: { message: 'Active Campaign Detected', campaigns: [{ id: 'k1', name: 'Spring' }] },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Leads' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    const warning = await screen.findByRole('dialog', { name: 'Active Campaign Detected' });
    expect(within(warning).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(warning).getByRole('button', { name: 'Check the Campaigns' }));
    await waitFor(() => expect(location()).toBe('/campaigns'));
  });
});
