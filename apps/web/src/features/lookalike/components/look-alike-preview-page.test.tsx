import {
  bulkMessages,
  type LookalikeContact,
  type LookalikeItem,
  searchMessages,
  verifyReasons,
} from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, errorBody, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { clickAndConfirm } from '../../../test/spend-confirm.ts';
import { verdictFixture } from '../../../test/verdict-fixtures.ts';
import { captureSavedFiles } from '../../bulk/bulk.test-kit.ts';
import {
  endBlock,
  makeList,
  progressBlock,
  stubCreateStream,
} from '../../contacts/contacts.test-kit.ts';
import {
  contact,
  logInPaid,
  lookalikeItem,
  processingLookalike,
  stubLookalikeStreams,
} from '../lookalike.test-kit.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const somethingWentWrong = 'Something went wrong, please try again later';

function serveItem(server: FakeServer, item: () => LookalikeItem) {
  server.on(`GET /api/search-history/lookalike/${item().requestId}`, () => ({ body: item() }));
}

function withPreview(requestId: string, preview: LookalikeContact[], totalCount = 42) {
  return lookalikeItem(requestId, {
    input: { fileName: 'best-customers.csv', length: 3 },
    result: { totalCount, preview },
  });
}

const contactsTable = () => screen.findByRole('table', { name: 'Look-alike contacts' });

async function rowOf(name: string) {
  const cell = await within(await contactsTable()).findByText(name);
  const row = cell.closest('tr');
  if (row === null) throw new Error(`no row for ${name}`);
  return within(row);
}

describe('look-alike preview (product-spec §2 "Look-alike preview")', () => {
  it('shows the file name and a table of found contacts with linkedinUrl as a link', async () => {
    const server = createFakeServer();
    logInPaid(server);
    serveItem(server, () => withPreview('r1', [contact(1), contact(2)]));
    renderApp('/look-alike/preview/r1');

    expect(await screen.findByRole('heading', { name: 'best-customers.csv' })).toBeInTheDocument();
    expect(screen.getByText('42 similar companies found')).toBeInTheDocument();
    const row = await rowOf('Ann Lee1');
    expect(row.getByText('Chief Executive Officer')).toBeInTheDocument();
    expect(row.getByText('Similar 1 Inc')).toBeInTheDocument();
    expect(row.getByText('similar1.com')).toBeInTheDocument();
    expect(row.getByText('Berlin, Germany')).toBeInTheDocument();
    const link = row.getByRole('link', { name: 'linkedin.com/in/ann-lee-1' });
    expect(link).toHaveAttribute('href', 'https://www.linkedin.com/in/ann-lee-1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(await contactsTable()).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Find Emails' })).toBeEnabled();
  });

  it('shows under each company why it is similar to the list', async () => {
    const server = createFakeServer();
    logInPaid(server);
    serveItem(server, () =>
      withPreview('r1', [
        contact(1, {
          reasons: [
            { kind: 'industry', label: 'Computer Software' },
            { kind: 'country', label: 'Germany' },
            { kind: 'terms', label: 'robotics, automation' },
          ],
        }),
      ]),
    );
    renderApp('/look-alike/preview/r1');
    const row = await rowOf('Ann Lee1');
    const why = row.getByRole('list', { name: /is similar$/ });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Computer Software', 'Germany', 'robotics, automation']);
  });

  it('shows the contacts 10 a page', async () => {
    const server = createFakeServer();
    logInPaid(server);
    const contacts = Array.from({ length: 25 }, (_, index) => contact(index + 1));
    serveItem(server, () => withPreview('r1', contacts));
    const app = renderApp('/look-alike/preview/r1');

    expect(await rowOf('Ann Lee10')).toBeTruthy();
    expect(within(await contactsTable()).getAllByRole('row')).toHaveLength(11);
    expect(screen.queryByText('Ann Lee11')).toBeNull();
    expect(screen.getByText('Showing 1-10 of 25 contacts')).toBeInTheDocument();
    const pages = within(screen.getByRole('navigation', { name: 'Look-alike contacts pages' }));
    await app.user.click(pages.getByRole('button', { name: '3' }));
    expect(await rowOf('Ann Lee25')).toBeTruthy();
    expect(within(await contactsTable()).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('Showing 21-25 of 25 contacts')).toBeInTheDocument();
  });

  it('shows a contact without a profile or title as empty cells, not a broken page', async () => {
    const server = createFakeServer();
    logInPaid(server);
    serveItem(server, () =>
      withPreview('r1', [contact(1, { linkedinUrl: null, jobTitle: null, location: null })]),
    );
    renderApp('/look-alike/preview/r1');
    const row = await rowOf('Ann Lee1');
    expect(row.queryByRole('link')).toBeNull();
    expect(row.getByText('Similar 1 Inc')).toBeInTheDocument();
  });

  it('says no contacts were found when the preview is empty', async () => {
    const server = createFakeServer();
    logInPaid(server);
    serveItem(server, () => withPreview('r1', [], 0));
    renderApp('/look-alike/preview/r1');
    expect(await screen.findByText(bulkMessages.noContactsFound)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Look-alike contacts' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Find Emails' })).toBeDisabled();
  });

  it('goes back to the history page it was opened from', async () => {
    const server = createFakeServer();
    logInPaid(server);
    serveItem(server, () => withPreview('r1', [contact(1)]));
    renderApp({ pathname: '/look-alike/preview/r1', state: { fromPage: 3 } });
    expect(await screen.findByRole('link', { name: 'Back to look-alike' })).toHaveAttribute(
      'href',
      '/look-alike?page=3',
    );
  });

  it('reports a preview that cannot be loaded', async () => {
    const server = createFakeServer();
    logInPaid(server);
    server.on('GET /api/search-history/lookalike/gone', errorBody(404, 'Search not found'));
    renderApp('/look-alike/preview/gone');
    expect(
      await screen.findByText(bulkMessages.previewFailed('Search not found')),
    ).toBeInTheDocument();
  });

  it('follows a search still processing to its contacts', async () => {
    const server = createFakeServer();
    logInPaid(server);
    const fetchStub = stubLookalikeStreams();
    let item = processingLookalike('r1');
    serveItem(server, () => item);
    renderApp('/look-alike/preview/r1');
    expect(await screen.findByText('Searching for similar companies…')).toBeInTheDocument();
    await waitFor(() => expect(fetchStub.streamsFor('r1')).toHaveLength(1));

    item = withPreview('r1', [contact(1)]);
    fetchStub.streamsFor('r1')[0]?.send(lookalikeItem('r1', { result: { totalCount: 42 } }));
    expect(await rowOf('Ann Lee1')).toBeTruthy();
  });
});

describe('Find Emails (api-spec §7 "Look-alike and rewards", §8)', () => {
  it('asks for the e-mails of this search and shows each with its score and verdict', async () => {
    const server = createFakeServer();
    logInPaid(server);
    serveItem(server, () => withPreview('r1', [contact(1), contact(2)]));
    server.on('POST /api/lookalike/search-emails', {
      body: {
        items: [
          contact(1, {
            exactEmail: 'ann.lee1@similar1.com',
            exactEmailScore: 99,
            verdict: verdictFixture('ann.lee1@similar1.com', 'valid'),
            searched: true,
          }),
          contact(2, { searched: true }),
        ],
      },
    });
    const app = renderApp('/look-alike/preview/r1');
    await rowOf('Ann Lee1');
    const balanceCalls = server.requestsTo('GET /api/auth/user/balance').length;
    await clickAndConfirm(app.user, 'Find Emails');

    const first = await rowOf('Ann Lee1');
    expect(await first.findByText('ann.lee1@similar1.com')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Score 99' })).toHaveAttribute(
      'data-score-color',
      'green',
    );
    // The verdict beside the score, its reason read out with it (issue 22); none without an address.
    expect(first.getByText('Valid').closest('[data-verdict]')).toHaveAttribute(
      'data-verdict',
      'valid',
    );
    expect(first.getByText(`: ${verifyReasons.valid}`)).toBeInTheDocument();
    const second = await rowOf('Ann Lee2');
    expect(second.getByText('No email found')).toBeInTheDocument();
    expect(second.queryByText('Valid')).toBeNull();
    expect(server.requestsTo('POST /api/lookalike/search-emails')[0]?.body).toEqual({
      requestId: 'r1',
    });
    // Verified addresses cost credits: the balance is read again.
    await waitFor(() =>
      expect(server.requestsTo('GET /api/auth/user/balance').length).toBeGreaterThan(balanceCalls),
    );
  });

  it('shows the price and the balance before Find Emails spends; cancelling sends nothing', async () => {
    const server = createFakeServer();
    logInPaid(server, { balance: 40, onHold: 0 });
    serveItem(server, () => withPreview('r1', [contact(1), contact(2), contact(3)]));
    const app = renderApp('/look-alike/preview/r1');
    await rowOf('Ann Lee1');
    await waitFor(() =>
      expect(server.requestsTo('GET /api/auth/user/balance')).not.toHaveLength(0),
    );
    await app.user.click(screen.getByRole('button', { name: 'Find Emails' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Find Emails' }));
    expect(dialog.getByText(bulkMessages.youWillPay(3))).toBeInTheDocument();
    expect(dialog.getByText('Credits available: 40')).toBeInTheDocument();
    await app.user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Find Emails' })).toBeNull());
    expect(server.requestsTo('POST /api/lookalike/search-emails')).toHaveLength(0);
  });

  it('says it is finding emails while Find Emails runs, not to click it first', async () => {
    const server = createFakeServer();
    logInPaid(server);
    serveItem(server, () => withPreview('r1', [contact(1), contact(2)]));
    let answer: (value: { body: unknown }) => void = () => {};
    server.on(
      'POST /api/lookalike/search-emails',
      () => new Promise((resolve) => (answer = resolve)),
    );
    const app = renderApp('/look-alike/preview/r1');
    await rowOf('Ann Lee1');
    await clickAndConfirm(app.user, 'Find Emails');
    expect(await screen.findByText('Finding emails for 2 contacts…')).toBeInTheDocument();
    expect(screen.queryByText('No emails found yet: click Find Emails first.')).toBeNull();
    answer({ body: { items: [contact(1, { searched: true }), contact(2, { searched: true })] } });
    await waitFor(() => expect(screen.queryByText('Finding emails for 2 contacts…')).toBeNull());
  });

  it('says No email found, also after a reload, only for the contacts already searched', async () => {
    const server = createFakeServer();
    logInPaid(server);
    serveItem(server, () => withPreview('r1', [contact(1, { searched: true }), contact(2)]));
    renderApp('/look-alike/preview/r1');
    expect(await (await rowOf('Ann Lee1')).findByText('No email found')).toBeInTheDocument();
    expect((await rowOf('Ann Lee2')).queryByText('No email found')).toBeNull();
  });

  it('opens the credits modal on a 402, with the credits the server says are missing', async () => {
    const server = createFakeServer();
    logInPaid(server);
    serveItem(server, () => withPreview('r1', [contact(1), contact(2)]));
    server.on('POST /api/lookalike/search-emails', {
      status: 402,
      body: {
        statusCode: 402,
        error: 'Payment Required',
        message: searchMessages.notEnoughCredits(2),
        needed: 2,
      },
    });
    const app = renderApp('/look-alike/preview/r1');
    await rowOf('Ann Lee1');
    await clickAndConfirm(app.user, 'Find Emails');
    const modal = within(await screen.findByRole('dialog', { name: 'Credits required' }));
    expect(modal.getByText(searchMessages.notEnoughCredits(2))).toBeInTheDocument();
    expect(modal.getByRole('link', { name: searchMessages.purchaseCredits })).toHaveAttribute(
      'href',
      '/purchase',
    );
  });

  it('shows the addresses found before the credits ran out (402)', async () => {
    const server = createFakeServer();
    logInPaid(server);
    let found = false;
    serveItem(server, () =>
      withPreview('r1', [
        found
          ? contact(1, { exactEmail: 'ann.lee1@similar1.com', exactEmailScore: 99 })
          : contact(1),
        contact(2),
      ]),
    );
    server.on('POST /api/lookalike/search-emails', () => {
      found = true;
      return errorBody(402, 'Not enough credits');
    });
    const app = renderApp('/look-alike/preview/r1');
    await rowOf('Ann Lee1');
    await clickAndConfirm(app.user, 'Find Emails');
    expect(await screen.findByRole('dialog', { name: 'Credits required' })).toBeInTheDocument();
    expect(await (await rowOf('Ann Lee1')).findByText('ann.lee1@similar1.com')).toBeInTheDocument();
  });

  it('opens the credits modal at once when nothing is available', async () => {
    const server = createFakeServer();
    logInPaid(server, { balance: 5, onHold: 5 });
    serveItem(server, () => withPreview('r1', [contact(1), contact(2)]));
    const app = renderApp('/look-alike/preview/r1');
    await rowOf('Ann Lee1');
    await waitFor(() =>
      expect(server.requestsTo('GET /api/auth/user/balance')).not.toHaveLength(0),
    );
    await app.user.click(screen.getByRole('button', { name: 'Find Emails' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Credits required' }));
    expect(modal.getByText(searchMessages.notEnoughCredits(2))).toBeInTheDocument();
    expect(server.requestsTo('POST /api/lookalike/search-emails')).toHaveLength(0);
  });

  it('turns Find Emails off once every contact has been searched, whatever the balance', async () => {
    const server = createFakeServer();
    logInPaid(server, { balance: 0, onHold: 0 });
    serveItem(server, () =>
      withPreview('r1', [
        contact(1, { exactEmail: 'ann.lee1@similar1.com', exactEmailScore: 99, searched: true }),
        contact(2, { searched: true }),
      ]),
    );
    renderApp('/look-alike/preview/r1');
    await rowOf('Ann Lee1');
    await waitFor(() =>
      expect(server.requestsTo('GET /api/auth/user/balance')).not.toHaveLength(0),
    );
    expect(screen.getByRole('button', { name: 'Find Emails' })).toBeDisabled();
    expect(screen.queryByRole('dialog', { name: 'Credits required' })).toBeNull();
  });

  it.each([500, 502])('shows the common notification on a %i', async (status) => {
    const server = createFakeServer();
    logInPaid(server);
    serveItem(server, () => withPreview('r1', [contact(1)]));
    server.on('POST /api/lookalike/search-emails', errorBody(status, 'Upstream failed'));
    const app = renderApp('/look-alike/preview/r1');
    await rowOf('Ann Lee1');
    await clickAndConfirm(app.user, 'Find Emails');
    expect(await screen.findByText(somethingWentWrong)).toBeInTheDocument();
    expect(screen.queryByText('Upstream failed')).toBeNull();
    // The notification is the only alert: nothing is shown inline.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(somethingWentWrong);
  });

  it('shows other failures inline, with the server’s message', async () => {
    const server = createFakeServer();
    logInPaid(server);
    serveItem(server, () => withPreview('r1', [contact(1)]));
    server.on(
      'POST /api/lookalike/search-emails',
      errorBody(409, 'The e-mails of this search are already being found.'),
    );
    const app = renderApp('/look-alike/preview/r1');
    await rowOf('Ann Lee1');
    await clickAndConfirm(app.user, 'Find Emails');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mails of this search are already being found.',
    );
    expect(screen.queryByText(somethingWentWrong)).toBeNull();
  });
});

// The export's bytes: Blob.text() would drop the byte-order mark.
async function savedText(file: Blob | undefined): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file?.arrayBuffer());
}

const searchedContacts = () => [
  contact(1, { exactEmail: 'ann.lee1@similar1.com', exactEmailScore: 99, searched: true }),
  contact(2, { searched: true, jobTitle: '+CEO', linkedinUrl: null }),
  contact(3, { exactEmail: 'ann.lee3@similar3.com', exactEmailScore: 50, searched: true }),
];

describe('taking the found emails away (Export CSV, Create Contact List)', () => {
  it('turns both off, saying why, until Find Emails has found an address', async () => {
    const server = createFakeServer();
    logInPaid(server, undefined, ['mail']);
    serveItem(server, () => withPreview('r1', [contact(1), contact(2, { searched: true })]));
    renderApp('/look-alike/preview/r1');
    await rowOf('Ann Lee1');
    const hint = 'No emails found yet: click Find Emails first.';
    const exportButton = await screen.findByRole('button', { name: 'Export CSV' });
    expect(exportButton).toBeDisabled();
    expect(exportButton).toHaveAccessibleDescription(hint);
    expect(screen.getByRole('button', { name: 'Create Contact List' })).toBeDisabled();
  });

  it('after Find Emails shows the counts and enables both, with no hint left', async () => {
    const server = createFakeServer();
    logInPaid(server, undefined, ['mail']);
    serveItem(server, () => withPreview('r1', [contact(1), contact(2), contact(3)]));
    server.on('POST /api/lookalike/search-emails', {
      body: {
        items: [
          contact(1, { exactEmail: 'ann.lee1@similar1.com', exactEmailScore: 99, searched: true }),
          contact(2, { searched: true }),
          contact(3, { exactEmail: 'ann.lee3@similar3.com', exactEmailScore: 50, searched: true }),
        ],
      },
    });
    const app = renderApp('/look-alike/preview/r1');
    await rowOf('Ann Lee1');
    await clickAndConfirm(app.user, 'Find Emails');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Searched 3 contacts: 2 found (1 verified), 1 not found.',
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create Contact List' })).toBeEnabled();
    expect(screen.queryByText(/click Find Emails first/)).toBeNull();
    const findEmails = screen.getByRole('button', { name: 'Find Emails' });
    expect(findEmails).toBeDisabled();
    expect(findEmails).toHaveAccessibleDescription('Every contact has been searched.');
  });

  it('says what happened when Find Emails found nothing, never leaving every button mute', async () => {
    const server = createFakeServer();
    logInPaid(server, undefined, ['mail']);
    serveItem(server, () => withPreview('r1', [contact(1), contact(2)]));
    server.on('POST /api/lookalike/search-emails', {
      body: { items: [contact(1, { searched: true }), contact(2, { searched: true })] },
    });
    const app = renderApp('/look-alike/preview/r1');
    await rowOf('Ann Lee1');
    await clickAndConfirm(app.user, 'Find Emails');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Searched 2 contacts: 0 found (0 verified), 2 not found.',
    );
    const exportButton = screen.getByRole('button', { name: 'Export CSV' });
    expect(exportButton).toBeDisabled();
    expect(exportButton).toHaveAccessibleDescription(
      'Find Emails found no email for these contacts.',
    );
    expect(screen.getByRole('button', { name: 'Find Emails' })).toHaveAccessibleDescription(
      'Every contact has been searched.',
    );
    expect(screen.queryByText(/click Find Emails first/)).toBeNull();
  });

  it('offers neither when the search found no contacts', async () => {
    const server = createFakeServer();
    logInPaid(server, undefined, ['mail']);
    serveItem(server, () => withPreview('r1', [], 0));
    renderApp('/look-alike/preview/r1');
    expect(await screen.findByText(bulkMessages.noContactsFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Contact List' })).toBeNull();
  });

  it('exports every contact of the search with its email and score, formula-safe and free', async () => {
    const server = createFakeServer();
    logInPaid(server);
    serveItem(server, () => withPreview('r1', searchedContacts()));
    const saved = captureSavedFiles();
    const app = renderApp('/look-alike/preview/r1');
    await rowOf('Ann Lee1');
    expect(screen.queryByRole('button', { name: 'Create Contact List' })).toBeNull();
    const calls = server.requests.length;
    await app.user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(saved.map((file) => file.fileName)).toEqual(['best-customers-look-alike.csv']);
    expect(await savedText(saved[0]?.file)).toBe(
      [
        '\uFEFFFirst Name,Last Name,Job Title,Company,Website,LinkedIn URL,Email,Score',
        'Ann,Lee1,Chief Executive Officer,Similar 1 Inc,similar1.com,https://www.linkedin.com/in/ann-lee-1,ann.lee1@similar1.com,99',
        "Ann,Lee2,'+CEO,Similar 2 Inc,similar2.com,,,",
        'Ann,Lee3,Chief Executive Officer,Similar 3 Inc,similar3.com,https://www.linkedin.com/in/ann-lee-3,ann.lee3@similar3.com,50',
        '',
      ].join('\r\n'),
    );
    expect(server.requests).toHaveLength(calls);
  });

  it('creates a contact list of the contacts with an email, then opens it', async () => {
    const server = createFakeServer();
    logInPaid(server, undefined, ['mail']);
    serveItem(server, () => withPreview('r1', searchedContacts()));
    server.on('GET /api/mail/groups/check', { body: { available: true } });
    server.on('GET /api/mail/customers/create-or-update/op-7', {
      body: {
        data: [
          { id: 'c-1', email: 'ann.lee1@similar1.com', fname: 'Ann', lname: 'Lee1' },
          { id: 'c-3', email: 'ann.lee3@similar3.com', fname: 'Ann', lname: 'Lee3' },
        ],
        skipped: 0,
      },
    });
    server.on('POST /api/mail/groups', { status: 201, body: makeList(4, { id: 'list-4' }) });
    const stream = stubCreateStream([progressBlock(1, 2), endBlock('op-7')], { hold: true });
    const app = renderApp('/look-alike/preview/r1');
    await rowOf('Ann Lee1');
    await app.user.click(screen.getByRole('button', { name: 'Create Contact List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Contact List' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Look-alike CEOs');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText(bulkMessages.listCreationProgress)).toBeInTheDocument();
    expect(await screen.findByText('50%')).toBeInTheDocument();
    stream.release();
    await waitFor(() => expect(app.location()).toBe('/contacts/details/list-4'));
    expect(stream.calls[0]?.body).toEqual({
      customers: [
        { email: 'ann.lee1@similar1.com', fname: 'Ann', lname: 'Lee1' },
        { email: 'ann.lee3@similar3.com', fname: 'Ann', lname: 'Lee3' },
      ],
    });
    expect(server.requestsTo('POST /api/mail/groups')[0]?.body).toEqual({
      name: 'Look-alike CEOs',
      customer_ids: ['c-1', 'c-3'],
    });
  });
});
