import { bulkMessages, contactMessages } from '@mailhound/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeCampaign } from '../../campaigns/campaigns.test-kit.ts';
import {
  endBlock,
  errorBlock,
  logInWithMail,
  makeList,
  progressBlock,
  stubCreateStream,
} from '../contacts.test-kit.ts';

function mailServer() {
  const server = createFakeServer({
    'GET /api/mail/groups/check': { body: { available: true } },
    // The campaign whose contacts step hosts the list creation.
    'GET /api/mail/campaigns/k-9': { body: makeCampaign({ id: 'k-9' }) },
    'GET /api/mail/customers/create-or-update/op-1': {
      body: {
        data: [
          { id: 'c-1', email: 'ann@acme.com', fname: 'Ann', lname: 'Lee' },
          { id: 'c-2', email: 'bob@acme.com', fname: 'Bob', lname: 'Stone' },
        ],
        skipped: 0,
      },
    },
    'POST /api/mail/groups': (request) => ({
      status: 201,
      body: makeList(7, { id: 'list-7', name: (request.body as { name: string }).name }),
    }),
    'GET /api/mail/groups/list-7/extended': {
      body: {
        group: makeList(7, { name: 'Founders' }),
        columns: [],
        customers: [],
        page: 1,
        pages: 0,
        per_page: 10,
        total_count: 0,
      },
    },
  });
  logInWithMail(server);
  return server;
}

describe('create list, name step (product-spec §2 "Contact lists")', () => {
  it('checks the name, then opens the source step with the name in state', async () => {
    const server = mailServer();
    const { user, location, router } = renderApp('/contacts/name');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByText('0/50')).toBeInTheDocument();
    await user.type(name, ' Founders ');
    expect(screen.getByText('10/50')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location()).toBe('/contacts/contacts-source'));
    expect(server.requestsTo('GET /api/mail/groups/check')[0]?.query.get('name')).toBe('Founders');
    expect(router.state.location.state).toEqual({ name: 'Founders' });
    expect(await screen.findByText('Founders')).toBeInTheDocument();
  });

  it('focuses its only field', async () => {
    mailServer();
    renderApp('/contacts/name');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('shows the server’s name-in-use error under the field and stays', async () => {
    const server = mailServer();
    server.on('GET /api/mail/groups/check', errorBody(409, contactMessages.nameInUse));
    const { user, location } = renderApp('/contacts/name');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Founders');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('This name is already in use. Try another one.'),
    ).toBeInTheDocument();
    expect(location()).toBe('/contacts/name');
  });

  it('stops at 50 characters', async () => {
    mailServer();
    const { user } = renderApp('/contacts/name');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, 'x'.repeat(60));
    expect(name).toHaveValue('x'.repeat(50));
    expect(screen.getByText('50/50')).toBeInTheDocument();
  });

  it('inside a campaign goes to the campaign’s contacts-source', async () => {
    mailServer();
    const { user, location } = renderApp('/campaigns/campaign-configuration/k-9/contacts/name');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Founders');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(location()).toBe('/campaigns/campaign-configuration/k-9/contacts/contacts-source'),
    );
  });

  it('the source step without a name goes back to the name step', async () => {
    mailServer();
    const { location } = renderApp('/contacts/contacts-source');
    await waitFor(() => expect(location()).toBe('/contacts/name'));
  });
});

const source = { pathname: '/contacts/contacts-source', state: { name: 'Founders' } };

describe('create list, contacts source and creation (product-spec §4)', () => {
  it('adds two contacts by hand, shows the progress overlay, creates the list and opens it', async () => {
    const server = mailServer();
    const stream = stubCreateStream([progressBlock(1, 2), progressBlock(2, 2), endBlock('op-1')], {
      hold: true,
    });
    const { user, location } = renderApp(source);
    await user.click(await screen.findByText('Add Manually'));
    const first = screen.getByRole('group', { name: 'Contact 1' });
    await user.type(within(first).getByRole('textbox', { name: 'Email' }), 'ann@acme.com');
    await user.type(within(first).getByRole('textbox', { name: 'First Name' }), 'Ann');
    await user.type(within(first).getByRole('textbox', { name: 'Last Name' }), 'Lee');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    const second = screen.getByRole('group', { name: 'Contact 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Email' }), 'bob@acme.com');
    await user.type(within(second).getByRole('textbox', { name: 'First Name' }), 'Bob');
    await user.type(within(second).getByRole('textbox', { name: 'Last Name' }), 'Stone');
    await user.click(screen.getByRole('button', { name: 'Create List' }));

    expect(await screen.findByText(bulkMessages.listCreationProgress)).toBeInTheDocument();
    expect(await screen.findByText('50%')).toBeInTheDocument();
    stream.release();

    await waitFor(() => expect(location()).toBe('/contacts/details/list-7'));
    expect(await screen.findByText('Contact list created successfully!')).toBeInTheDocument();
    expect(stream.calls[0]?.body).toEqual({
      customers: [
        { email: 'ann@acme.com', fname: 'Ann', lname: 'Lee' },
        { email: 'bob@acme.com', fname: 'Bob', lname: 'Stone' },
      ],
    });
    expect(server.requestsTo('POST /api/mail/groups')[0]?.body).toEqual({
      name: 'Founders',
      customer_ids: ['c-1', 'c-2'],
    });
    expect(server.requestsTo('POST /api/mail/groups')[0]?.headers.get('Authorization')).toMatch(
      /^Bearer /,
    );
    expect(screen.queryByText(bulkMessages.listCreationProgress)).toBeNull();
  });

  it('keeps the contacts typed by hand when the source tab is switched and back', async () => {
    mailServer();
    const { user } = renderApp(source);
    await user.click(await screen.findByText('Add Manually'));
    const first = screen.getByRole('group', { name: 'Contact 1' });
    await user.type(within(first).getByRole('textbox', { name: 'Email' }), 'ann@acme.com');
    await user.type(within(first).getByRole('textbox', { name: 'First Name' }), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    await user.click(screen.getByText('Upload CSV'));
    expect(screen.queryByRole('group', { name: 'Contact 1' })).toBeNull();
    await user.click(screen.getByText('Add Manually'));

    const kept = await screen.findByRole('group', { name: 'Contact 1' });
    expect(within(kept).getByRole('textbox', { name: 'Email' })).toHaveValue('ann@acme.com');
    expect(within(kept).getByRole('textbox', { name: 'First Name' })).toHaveValue('Ann');
    expect(screen.getByRole('group', { name: 'Contact 2' })).toBeInTheDocument();
  });

  it('requires e-mail, first and last name for a contact typed by hand', async () => {
    mailServer();
    const stream = stubCreateStream([endBlock('op-1')]);
    const { user } = renderApp(source);
    await user.click(await screen.findByText('Add Manually'));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create List' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(stream.calls).toHaveLength(0);
  });

  it('flags a contact typed twice by hand instead of letting the second replace the first', async () => {
    mailServer();
    const stream = stubCreateStream([endBlock('op-1')]);
    const { user } = renderApp(source);
    await user.click(await screen.findByText('Add Manually'));
    const typeContact = async (name: string, email: string, fname: string) => {
      const group = screen.getByRole('group', { name });
      await user.type(within(group).getByRole('textbox', { name: 'Email' }), email);
      await user.type(within(group).getByRole('textbox', { name: 'First Name' }), fname);
      await user.type(within(group).getByRole('textbox', { name: 'Last Name' }), 'Lee');
    };
    await typeContact('Contact 1', 'ann@acme.com', 'Ann');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    await typeContact('Contact 2', 'ANN@acme.com', 'Anna');
    await user.click(screen.getByRole('button', { name: 'Create List' }));
    const second = screen.getByRole('group', { name: 'Contact 2' });
    expect(
      await within(second).findByText('This e-mail is already in the list above.'),
    ).toBeInTheDocument();
    expect(stream.calls).toHaveLength(0);
  });

  it('uploads a CSV: keeps rows with an e-mail and a first or last name, custom columns go along', async () => {
    mailServer();
    const stream = stubCreateStream([progressBlock(2, 2), endBlock('op-1')]);
    const { user, location } = renderApp(source);
    const csv = [
      'Email,First Name,Last Name,Company',
      'ann@acme.com,Ann,,Acme',
      'bob@acme.com,,Stone,"Stone, Inc."',
      ',Cid,Moe,Nowhere',
      'dan@acme.com,,,Dan Corp',
    ].join('\r\n');
    await user.upload(
      await screen.findByLabelText('CSV file'),
      new File([csv], 'people.csv', { type: 'text/csv' }),
    );
    expect(
      await screen.findByText('2 contacts ready · 2 rows without an e-mail or a name skipped'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create List' }));
    await waitFor(() => expect(location()).toBe('/contacts/details/list-7'));
    expect(stream.calls[0]?.body.customers).toEqual([
      { email: 'ann@acme.com', fname: 'Ann', lname: '', Company: 'Acme' },
      { email: 'bob@acme.com', fname: '', lname: 'Stone', Company: 'Stone, Inc.' },
    ]);
  });

  it('reads a windows-1252 CSV (Excel’s “CSV (Comma delimited)”) with its accents', async () => {
    mailServer();
    const stream = stubCreateStream([endBlock('op-1')]);
    const { user, location } = renderApp(source);
    // 'Email,First Name,Last Name\r\njose@acme.com,José,Müller' with é as E9 and ü as FC.
    const head = new TextEncoder().encode('Email,First Name,Last Name\r\njose@acme.com,Jos');
    const bytes = new Uint8Array([...head, 0xe9, 0x2c, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]);
    await user.upload(
      await screen.findByLabelText('CSV file'),
      new File([bytes], 'excel.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('1 contact ready')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create List' }));
    await waitFor(() => expect(location()).toBe('/contacts/details/list-7'));
    expect(stream.calls[0]?.body.customers).toEqual([
      { email: 'jose@acme.com', fname: 'José', lname: 'Müller' },
    ]);
  });

  it('says before creating how many rows are ready and which are skipped, and sends only those', async () => {
    mailServer();
    const stream = stubCreateStream([endBlock('op-1')]);
    const { user, location } = renderApp(source);
    const csv = [
      'Email,First Name,Last Name',
      'bad-email,Bad,Row',
      'ann@x.com,Ann,Lee',
      'ANN@x.com,Annie,Lee',
      'bob@x.com,Bob,Stone',
    ].join('\n');
    await user.upload(
      await screen.findByLabelText('CSV file'),
      new File([csv], 'people.csv', { type: 'text/csv' }),
    );
    expect(
      await screen.findByText('2 contacts ready · 1 invalid e-mail skipped · 1 duplicate skipped'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create List' }));
    await waitFor(() => expect(location()).toBe('/contacts/details/list-7'));
    // The first row of an e-mail is kept: Ann keeps her name.
    expect(stream.calls[0]?.body.customers).toEqual([
      { email: 'ann@x.com', fname: 'Ann', lname: 'Lee' },
      { email: 'bob@x.com', fname: 'Bob', lname: 'Stone' },
    ]);
  });

  it('checks the picked file at once: a CSV of at most 5 MB, dropped or chosen', async () => {
    mailServer();
    const { user } = renderApp(source);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText('CSV file'), big);
    expect(await screen.findByText('The file is larger than 5 MB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create List' })).toBeDisabled();
    // A dropped file skips the input's accept list: the name is checked too.
    fireEvent.drop(screen.getByTestId('contacts-csv-dropzone'), {
      dataTransfer: { files: [new File(['Email\nann@acme.com'], 'people.xlsx')] },
    });
    expect(await screen.findByText('The file is not a CSV file.')).toBeInTheDocument();
    expect(screen.getByText('people.xlsx', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create List' })).toBeDisabled();
  });

  it('says a CSV with more than 50 custom columns cannot be used', async () => {
    mailServer();
    const { user } = renderApp(source);
    const header = ['Email', 'First Name', ...Array.from({ length: 51 }, (_, i) => `Col ${i}`)];
    const row = ['ann@acme.com', 'Ann', ...header.slice(2).map(() => 'v')];
    await user.upload(
      await screen.findByLabelText('CSV file'),
      new File([`${header.join(',')}\n${row.join(',')}`], 'wide.csv', { type: 'text/csv' }),
    );
    expect(
      await screen.findByText(
        'A contact import may have at most 50 custom columns besides email, fname and lname; this one has 51.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create List' })).toBeDisabled();
  });

  it('says a CSV without an Email column cannot be used', async () => {
    mailServer();
    const { user } = renderApp(source);
    await user.upload(
      await screen.findByLabelText('CSV file'),
      new File(['Name\nAnn'], 'names.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('The file needs an Email column')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create List' })).toBeDisabled();
  });

  it('a stream error shows Something went wrong, please try again later and creates no list', async () => {
    const server = mailServer();
    stubCreateStream([progressBlock(1, 2), errorBlock('database unavailable')]);
    const { user, location } = renderApp(source);
    await user.click(await screen.findByText('Add Manually'));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@acme.com');
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Ann');
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Lee');
    await user.click(screen.getByRole('button', { name: 'Create List' }));
    expect(
      await screen.findByText('Something went wrong, please try again later'),
    ).toBeInTheDocument();
    expect(server.requestsTo('POST /api/mail/groups')).toHaveLength(0);
    expect(location()).toBe('/contacts/contacts-source');
    expect(screen.queryByText(bulkMessages.listCreationProgress)).toBeNull();
  });
});
