import { contactMessages } from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectFocusBackFromRowDialog } from '../../../test/dialog-focus.ts';
import { createFakeServer, type FakeRequest } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  endBlock,
  logInWithMail,
  makeCustomer,
  makeList,
  stubCreateStream,
} from '../contacts.test-kit.ts';

const customers = Array.from({ length: 12 }, (_, index) =>
  makeCustomer(index + 1, { additional_fields: { Company: `Co ${index + 1}` } }),
);
// The server's verdict on each address: found by our searches (with a score) or not.
Object.assign(customers[0] ?? {}, { verification: { status: 'verified', score: 97 } });
Object.assign(customers[1] ?? {}, { verification: { status: 'possible', score: 80 } });
Object.assign(customers[2] ?? {}, { verification: { status: 'verified', score: null } });
// On the do-not-email list (issue 25).
Object.assign(customers[4] ?? {}, { suppressed: true });
// Left out of the list's campaign by the verdict on its address (issue 25).
const riskySkip = 'Skipped: risky address (accept-all); tick Include risky addresses to send';
Object.assign(customers[5] ?? {}, { skipped: riskySkip });

function extended(request: FakeRequest) {
  const page = Number(request.query.get('page') ?? '1');
  return {
    body: {
      group: makeList(4, { id: 'list-4', name: 'Founders', customer_count: 12 }),
      columns: ['Company'],
      customers: customers.slice((page - 1) * 10, page * 10),
      page,
      pages: 2,
      per_page: 10,
      total_count: 12,
    },
  };
}

function openDetails() {
  const server = createFakeServer({ 'GET /api/mail/groups/list-4/extended': extended });
  logInWithMail(server);
  const app = renderApp('/contacts/details/list-4');
  return { server, ...app };
}

const contactsTable = () => screen.getByRole('table', { name: 'Contacts' });

// Opens Add Contact and types its e-mail, first and last name.
async function fillAddContact(
  user: ReturnType<typeof openDetails>['user'],
  [email, fname, lname]: [string, string, string],
) {
  await screen.findByRole('table', { name: 'Contacts' });
  await user.click(screen.getByRole('button', { name: 'Add Contact' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Contact' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), email);
  await user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), fname);
  await user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), lname);
  return dialog;
}

const searchAnswer = (found: unknown[]) => ({
  customers: found,
  page: 1,
  pages: 1,
  per_page: 10,
  total_count: found.length,
});

describe('contact list detail (product-spec §2: details/{id})', () => {
  it('shows the list’s contacts with its custom columns and pages them', async () => {
    const { server, user } = openDetails();
    expect(await screen.findByRole('heading', { name: 'Founders', level: 2 })).toBeInTheDocument();
    const headers = within(await screen.findByRole('table', { name: 'Contacts' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      '',
      'Email',
      'Verification',
      'First Name',
      'Last Name',
      'Company',
      'Tags',
      'Actions',
    ]);
    expect(within(contactsTable()).getByText('Co 1')).toBeInTheDocument();
    expect(screen.getByText('Showing 1-10 of 12 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11-12 of 12 results')).toBeInTheDocument();
    expect(within(contactsTable()).getByText('person12@acme.com')).toBeInTheDocument();
    expect(
      server.requestsTo('GET /api/mail/groups/list-4/extended').at(-1)?.query.get('count'),
    ).toBe('10');
  });

  it('shows whether each address is verified, with the score of the search that found it', async () => {
    openDetails();
    const table = await screen.findByRole('table', { name: 'Contacts' });
    const verdictOf = (email: string) => {
      const row = within(table).getByText(email).closest('tr');
      return row?.querySelectorAll('td')[2]?.textContent;
    };
    expect(verdictOf('person1@acme.com')).toBe('Verified · 97');
    expect(verdictOf('person2@acme.com')).toBe('Possible · 80');
    expect(verdictOf('person3@acme.com')).toBe('Verified');
    expect(verdictOf('person4@acme.com')).toBe('Unverified');
  });

  it("marks a contact on the do-not-email list 'Do not email'", async () => {
    openDetails();
    const table = await screen.findByRole('table', { name: 'Contacts' });
    const rowOf = (email: string) => within(table).getByText(email).closest('tr') as HTMLElement;
    expect(within(rowOf('person5@acme.com')).getByText('Do not email')).toBeInTheDocument();
    expect(within(rowOf('person4@acme.com')).queryByText('Do not email')).not.toBeInTheDocument();
  });

  it("tells why the list's campaign skips a contact", async () => {
    openDetails();
    const table = await screen.findByRole('table', { name: 'Contacts' });
    const rowOf = (email: string) => within(table).getByText(email).closest('tr') as HTMLElement;
    expect(within(rowOf('person6@acme.com')).getByText(riskySkip)).toBeVisible();
    expect(within(rowOf('person4@acme.com')).queryByText(/Skipped/)).not.toBeInTheDocument();
  });

  it('searches inside the list from 2 characters', async () => {
    const { server, user } = openDetails();
    server.on('GET /api/mail/groups/list-4/search', {
      body: { customers: [customers[2]], page: 1, pages: 1, per_page: 10, total_count: 1 },
    });
    await screen.findByRole('table', { name: 'Contacts' });
    await user.type(screen.getByRole('textbox', { name: 'Search contacts' }), 'person3');
    expect(await screen.findByText('Showing 1-1 of 1 results')).toBeInTheDocument();
    expect(server.requestsTo('GET /api/mail/groups/list-4/search')[0]?.query.get('key')).toBe(
      'person3',
    );
  });

  it('adds a contact by hand into this list, custom column included, and says so', async () => {
    const { server, user } = openDetails();
    server.on('GET /api/mail/groups/list-4/search', { body: searchAnswer([customers[0]]) });
    const stream = stubCreateStream([endBlock('op-2')]);
    const dialog = await fillAddContact(user, ['eve@acme.com', 'Eve', 'Moss']);
    await user.type(within(dialog).getByRole('textbox', { name: 'Company' }), 'Moss Ltd');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stream.calls[0]?.body).toEqual({
      customers: [{ email: 'eve@acme.com', fname: 'Eve', lname: 'Moss', Company: 'Moss Ltd' }],
      group_id: 'list-4',
    });
    expect(await screen.findByText(contactMessages.contactAdded)).toBeInTheDocument();
    // The list was asked for the address before anything was written.
    expect(server.requestsTo('GET /api/mail/groups/list-4/search')[0]?.query.get('key')).toBe(
      'eve@acme.com',
    );
    // The list is read again to show the new contact.
    await waitFor(() =>
      expect(server.requestsTo('GET /api/mail/groups/list-4/extended').length).toBeGreaterThan(1),
    );
  });

  it('says when the address is already in the list, and updates that contact only when asked', async () => {
    const { server, user } = openDetails();
    // The search matches in part: a longer address comes back too.
    server.on('GET /api/mail/groups/list-4/search', {
      body: searchAnswer([makeCustomer(40, { email: 'joperson1@acme.com' }), customers[0]]),
    });
    const stream = stubCreateStream([endBlock('op-3')]);
    const dialog = await fillAddContact(user, ['Person1@acme.com', 'Ann', 'New']);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This contact is already in the list.',
    );
    expect(stream.calls).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Add Contact' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Update contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stream.calls[0]?.body).toEqual({
      customers: [{ email: 'person1@acme.com', fname: 'Ann', lname: 'New' }],
      group_id: 'list-4',
    });
    expect(await screen.findByText(contactMessages.contactUpdated)).toBeInTheDocument();
  });

  it('asks again when the e-mail is changed after the warning', async () => {
    const { server, user } = openDetails();
    server.on('GET /api/mail/groups/list-4/search', (request) => ({
      body: searchAnswer(request.query.get('key') === 'person1@acme.com' ? [customers[0]] : []),
    }));
    const stream = stubCreateStream([endBlock('op-4')]);
    const dialog = await fillAddContact(user, ['person1@acme.com', 'Ann', 'New']);
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByRole('alert');
    await user.clear(email);
    await user.type(email, 'person99@acme.com');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(contactMessages.contactAdded)).toBeInTheDocument();
    expect(stream.calls).toHaveLength(1);
  });

  it('gives focus back to the row’s Actions button when Edit is closed with Escape', async () => {
    const { user } = openDetails();
    await expectFocusBackFromRowDialog(user, 'person1@acme.com', 'Edit');
  });

  it('edits a contact: the three fields are required, at most 50 characters', async () => {
    const { server, user } = openDetails();
    server.on('PATCH /api/mail/customers/c-1', (request) => ({
      body: makeCustomer(1, request.body as Record<string, unknown>),
    }));
    await screen.findByRole('table', { name: 'Contacts' });
    await user.click(screen.getByRole('button', { name: 'Actions for person1@acme.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Contact' });
    const first = within(dialog).getByRole('textbox', { name: 'First Name' });
    await user.clear(first);
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    await user.type(first, 'x'.repeat(51));
    expect(await within(dialog).findByText('Must be at most 50 characters')).toBeInTheDocument();
    await user.clear(first);
    await user.type(first, 'Annie');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.requestsTo('PATCH /api/mail/customers/c-1')[0]?.body).toEqual({
        email: 'person1@acme.com',
        fname: 'Annie',
        lname: 'Last1',
        additional_fields: { Company: 'Co 1' },
      }),
    );
  });

  it('saves tags and adds a note (required, at most 2000 characters)', async () => {
    const { server, user } = openDetails();
    server.on('GET /api/mail/tags/list', { body: [{ id: 't1', name: 'vip' }] });
    server.on('GET /api/mail/customers/c-1', { body: makeCustomer(1) });
    server.on('POST /api/mail/customers/c-1/tags', (request) => ({
      body: makeCustomer(1, request.body as Record<string, unknown>),
    }));
    server.on('POST /api/mail/customers/c-1/notes', (request) => ({
      body: makeCustomer(1, {
        notes: [
          {
            id: 'n1',
            text: (request.body as { text: string }).text,
            created: '2026-02-03T10:00:00Z',
          },
        ],
      }),
    }));
    await screen.findByRole('table', { name: 'Contacts' });
    await user.click(screen.getByRole('button', { name: 'Actions for person1@acme.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Tags and Notes' }));
    const drawer = await screen.findByRole('dialog', { name: 'person1@acme.com' });
    await user.type(within(drawer).getByRole('combobox', { name: 'Tags' }), 'vip{Enter}');
    await user.click(within(drawer).getByRole('button', { name: 'Save Tags' }));
    await waitFor(() =>
      expect(server.requestsTo('POST /api/mail/customers/c-1/tags')[0]?.body).toEqual({
        tags: ['vip'],
      }),
    );
    await user.click(within(drawer).getByRole('button', { name: 'Add Note' }));
    expect(await within(drawer).findByText('This field is required')).toBeInTheDocument();
    await user.type(within(drawer).getByRole('textbox', { name: 'Note' }), 'Met at the fair');
    await user.click(within(drawer).getByRole('button', { name: 'Add Note' }));
    expect(await within(drawer).findByText('Met at the fair')).toBeInTheDocument();
    expect(within(drawer).getByText('03.02.2026')).toBeInTheDocument();
  });

  it('removing the only contact of the last page moves back to the last page with contacts', async () => {
    let stored = customers.slice(0, 11);
    const server = createFakeServer({
      'GET /api/mail/groups/list-4/extended': (request) => {
        const page = Number(request.query.get('page'));
        return {
          body: {
            group: makeList(4, { id: 'list-4', name: 'Founders', customer_count: stored.length }),
            columns: ['Company'],
            customers: stored.slice((page - 1) * 10, page * 10),
            page,
            pages: Math.ceil(stored.length / 10),
            per_page: 10,
            total_count: stored.length,
          },
        };
      },
      'PATCH /api/mail/groups/list-4/del-users': () => {
        stored = customers.slice(0, 10);
        return { body: makeList(4, { id: 'list-4', name: 'Founders', customer_count: 10 }) };
      },
    });
    logInWithMail(server);
    const { user } = renderApp('/contacts/details/list-4');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11-11 of 11 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for person11@acme.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from List' }));
    expect(await screen.findByText('Showing 1-10 of 10 results')).toBeInTheDocument();
    expect(within(contactsTable()).getByText('person1@acme.com')).toBeInTheDocument();
  });

  it('the same holds for the search results inside the list', async () => {
    const { server, user } = openDetails();
    let found = customers.slice(0, 11);
    server.on('GET /api/mail/groups/list-4/search', (request) => {
      const page = Number(request.query.get('page'));
      return {
        body: {
          customers: found.slice((page - 1) * 10, page * 10),
          page,
          pages: Math.ceil(found.length / 10),
          per_page: 10,
          total_count: found.length,
        },
      };
    });
    server.on('PATCH /api/mail/groups/list-4/del-users', () => {
      found = customers.slice(0, 10);
      return { body: makeList(4, { id: 'list-4', name: 'Founders', customer_count: 11 }) };
    });
    await screen.findByRole('table', { name: 'Contacts' });
    await user.type(screen.getByRole('textbox', { name: 'Search contacts' }), 'person');
    expect(await screen.findByText('Showing 1-10 of 11 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11-11 of 11 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for person11@acme.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from List' }));
    expect(await screen.findByText('Showing 1-10 of 10 results')).toBeInTheDocument();
    expect(within(contactsTable()).getByText('person1@acme.com')).toBeInTheDocument();
  });
});
