import { bulkMessages, contactMessages } from '@mailhound/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import {
  answerResultFilesAsCsv,
  endBlock,
  logInWithMail,
  makeList,
  progressBlock,
  stubCreateStream,
} from '../contacts.test-kit.ts';
import { CreateContactListFromBulk } from './create-contact-list-from-bulk.tsx';

const foundCsv = [
  'First Name,Last Name,Domain,Email,Score',
  'Ann,Lee,acme.com,ann@acme.com,99',
  ',Stone,acme.com,bob@acme.com,95',
  'Cid,Moe,acme.com,,0',
  ',,acme.com,nobody@acme.com,60',
].join('\n');

// The bulk preview renders the flow; here a bare page stands in for it.
function renderFlow() {
  const server = createFakeServer({
    'GET /api/mail/groups/check': { body: { available: true } },
    'GET /api/file/req-1/result/success': { body: foundCsv },
    'GET /api/mail/customers/create-or-update/op-1': {
      body: {
        data: [
          { id: 'c-1', email: 'ann@acme.com', fname: 'Ann', lname: 'Lee' },
          { id: 'c-2', email: 'bob@acme.com', fname: '', lname: 'Stone' },
        ],
        skipped: 0,
      },
    },
    'POST /api/mail/groups': { status: 201, body: makeList(9, { id: 'list-9' }) },
  });
  answerResultFilesAsCsv();
  logInWithMail(server);
  const router = createMemoryRouter(
    [
      {
        path: '/search/bulk/preview/:requestId',
        element: <CreateContactListFromBulk requestId="req-1" credits={0} />,
      },
      { path: '/contacts/details/:requestId', element: <p>List details</p> },
    ],
    { initialEntries: ['/search/bulk/preview/req-1'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { server, router, user: userEvent.setup() };
}

async function createList(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: 'Create Contact List' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Contact List' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), name);
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
}

describe('Create Contact List from bulk results (product-spec §4)', () => {
  it('checks the name, fetches the found e-mails, creates contacts with the overlay, then the list', async () => {
    const { server, router, user } = renderFlow();
    const stream = stubCreateStream([progressBlock(1, 2), endBlock('op-1')], { hold: true });
    await createList(user, 'Bulk leads');

    expect(await screen.findByText(bulkMessages.listCreationProgress)).toBeInTheDocument();
    expect(await screen.findByText('50%')).toBeInTheDocument();
    stream.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/details/list-9'));
    expect(await screen.findByText('Contact list created successfully!')).toBeInTheDocument();

    expect(server.requestsTo('GET /api/mail/groups/check')[0]?.query.get('name')).toBe(
      'Bulk leads',
    );
    const file = server.requestsTo('GET /api/file/req-1/result/success')[0];
    expect(file?.query.get('format')).toBe('csv');
    // The main API takes the raw token, the mail service a Bearer token.
    expect(file?.headers.get('Authorization')).not.toMatch(/^Bearer /);
    // Kept: an e-mail and at least one of first or last name.
    expect(stream.calls[0]?.body).toEqual({
      customers: [
        { email: 'ann@acme.com', fname: 'Ann', lname: 'Lee' },
        { email: 'bob@acme.com', fname: '', lname: 'Stone' },
      ],
    });
    expect(server.requestsTo('POST /api/mail/groups')[0]?.body).toEqual({
      name: 'Bulk leads',
      customer_ids: ['c-1', 'c-2'],
    });
  });

  it('keeps the modal open with the name-in-use error when the name is taken', async () => {
    const { server, user } = renderFlow();
    server.on('GET /api/mail/groups/check', errorBody(409, contactMessages.nameInUse));
    await createList(user, 'Taken');
    const dialog = screen.getByRole('dialog', { name: 'Create Contact List' });
    expect(
      await within(dialog).findByText('This name is already in use. Try another one.'),
    ).toBeInTheDocument();
    expect(server.requestsTo('GET /api/file/req-1/result/success')).toHaveLength(0);
  });

  it('says Something went wrong, please try again later when the results cannot be read', async () => {
    const { server, router, user } = renderFlow();
    server.on('GET /api/file/req-1/result/success', errorBody(500, 'boom'));
    await createList(user, 'Bulk leads');
    expect(
      await screen.findByText('Something went wrong, please try again later'),
    ).toBeInTheDocument();
    expect(server.requestsTo('POST /api/mail/groups')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/search/bulk/preview/req-1');
  });
});
