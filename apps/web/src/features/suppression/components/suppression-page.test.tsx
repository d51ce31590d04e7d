import { type SuppressionEntry, suppressionMessages } from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';
import { stubUploads } from '../../bulk/bulk.test-kit.ts';

const entry = (index: number, overrides: Partial<SuppressionEntry> = {}): SuppressionEntry => ({
  id: `s-${index}`,
  entry: `person${index}@acme.com`,
  source: 'manual',
  created: `2026-03-0${(index % 9) + 1}T10:00:00.000Z`,
  ...overrides,
});

function serveList(server: FakeServer, entries: SuppressionEntry[]) {
  server.on('GET /api/mail/suppression', (request) => {
    const key = request.query.get('key') ?? '';
    const page = Number(request.query.get('page') ?? '1');
    const count = Number(request.query.get('count') ?? '10');
    const found = entries.filter((item) => item.entry.includes(key));
    return {
      body: {
        entries: found.slice((page - 1) * count, page * count),
        page,
        pages: Math.ceil(found.length / count),
        per_page: count,
        total_count: found.length,
      },
    };
  });
}

function openPage(entries: SuppressionEntry[] = []) {
  const server = createFakeServer();
  logIn(server, { user: { properties: { sections: ['mail'] } } });
  serveList(server, entries);
  return { server, ...renderApp('/settings/suppression') };
}

// Opens the empty page and uploads a CSV with one good and one bad row; the server's answer
// is the caller's to give.
async function uploadCsv() {
  const uploads = stubUploads();
  const { user } = openPage();
  await screen.findByText('The do-not-email list is empty.');
  const csv = new File(['email\nann@acme.com\nbob at acme\n'], 'blocked.csv', {
    type: 'text/csv',
  });
  await user.upload(screen.getByLabelText('Do-not-email file'), csv);
  await user.click(screen.getByRole('button', { name: 'Upload file' }));
  await waitFor(() => expect(uploads).toHaveLength(1));
  return { uploads, user, csv };
}

describe('Settings › Do-not-email', () => {
  it('shows the entries with their source and date, paged, and searches them', async () => {
    const entries = [
      entry(1, { entry: '@spam.example', source: 'complaint' }),
      entry(2, { source: 'unsubscribe' }),
      entry(3, { source: 'bounce' }),
      ...Array.from({ length: 9 }, (_, index) => entry(index + 4)),
    ];
    const { server, user } = openPage(entries);
    const table = await screen.findByRole('table', { name: 'Do-not-email list' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(within(rows[0]!).getByText('@spam.example')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Whole domain')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Complaint')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('02.03.2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Unsubscribed')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Bounced')).toBeInTheDocument();
    expect(screen.getByText('Showing 1-10 of 12 results')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('person12@acme.com')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search the do-not-email list'), 'person1');
    await waitFor(() =>
      expect(server.requestsTo('GET /api/mail/suppression').at(-1)?.query.get('key')).toBe(
        'person1',
      ),
    );
    expect(await screen.findByText('Showing 1-3 of 3 results')).toBeInTheDocument();
  });

  it('checks the entries as they are typed and adds the valid ones', async () => {
    const { server, user } = openPage();
    server.on('POST /api/mail/suppression', { status: 201, body: { added: 1, already: 1 } });
    expect(await screen.findByText('The do-not-email list is empty.')).toBeInTheDocument();
    const box = screen.getByLabelText('Addresses or @domains, one per line');
    const add = screen.getByRole('button', { name: 'Add to list' });
    expect(add).toBeDisabled();

    await user.type(box, 'Ann@Acme.com{enter}nobody{enter}@nodot');
    expect(
      await screen.findByText(suppressionMessages.invalidEntries(['nobody', '@nodot'])),
    ).toBeInTheDocument();
    expect(add).toBeDisabled();

    await user.clear(box);
    await user.type(box, 'Ann@Acme.com{enter}{enter}@spam.example');
    expect(screen.queryByText(/Not an e-mail address/)).not.toBeInTheDocument();
    await user.click(add);
    expect(
      await screen.findByText('Added 1 entry; 1 entry already on the list.'),
    ).toBeInTheDocument();
    expect(server.requestsTo('POST /api/mail/suppression')[0]?.body).toEqual({
      entries: ['ann@acme.com', '@spam.example'],
    });
    expect(box).toHaveValue('');
  });

  it('uploads a CSV and shows why the server refused one', async () => {
    const { uploads, user, csv } = await uploadCsv();
    expect(uploads[0]?.url).toBe('/api/mail/suppression/upload');
    expect((uploads[0]?.body?.get('file') as File | undefined)?.name).toBe('blocked.csv');
    uploads[0]?.respond(400, errorBody(400, suppressionMessages.invalidRows([3])).body);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      suppressionMessages.invalidRows([3]),
    );

    await user.upload(screen.getByLabelText('Do-not-email file'), csv);
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    uploads[1]?.respond(201, { added: 2, already: 0, skipped: null });
    expect(await screen.findByText('Added 2 entries.')).toBeInTheDocument();
  });

  it('adds the good rows of a CSV and says which rows were skipped', async () => {
    const { uploads } = await uploadCsv();
    const skipped = suppressionMessages.skippedRows([3]);
    uploads[0]?.respond(201, { added: 1, already: 0, skipped });
    expect(await screen.findByText('Added 1 entry.')).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(
      '1 row skipped: no e-mail address or @domain in row 3.',
    );
    expect(screen.queryByText(/Rows without/)).toBeNull();
  });

  it('deletes an entry only after the user confirms, keeping the focus in the table', async () => {
    const entries = [entry(1), entry(2, { entry: '@acme.org' })];
    const { server, user } = openPage(entries);
    for (const item of [...entries]) {
      server.on(`DELETE /api/mail/suppression/${item.id}`, () => {
        entries.splice(entries.indexOf(item), 1);
        return { body: { message: suppressionMessages.deleted } };
      });
    }
    const askToDelete = async (name: string) => {
      await user.click(await screen.findByRole('button', { name: `Delete ${name}` }));
      return screen.findByRole('dialog', { name: 'Delete from the do-not-email list?' });
    };

    // Cancel removes nothing and goes back to the row's button.
    let dialog = await askToDelete('person1@acme.com');
    expect(
      within(dialog).getByText(
        'Campaigns may e-mail person1@acme.com again once it is off the list.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo('DELETE /api/mail/suppression/s-1')).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete person1@acme.com' })).toHaveFocus(),
    );

    dialog = await askToDelete('person1@acme.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(suppressionMessages.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('person1@acme.com')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete @acme.org' })).toHaveFocus(),
    );

    // The last entry: the focus goes to the search field.
    dialog = await askToDelete('@acme.org');
    expect(
      within(dialog).getByText(
        'Campaigns may e-mail any address at acme.org again once it is off the list.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The do-not-email list is empty.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Search the do-not-email list')).toHaveFocus(),
    );
  });

  it('is a settings tab for mail users only', async () => {
    openPage();
    expect(await screen.findByRole('tab', { name: 'Do-not-email' })).toBeInTheDocument();
  });

  it('is neither shown nor opened for a user without the mail section', async () => {
    const server = createFakeServer();
    logIn(server);
    renderApp('/settings/suppression');
    expect(await screen.findByRole('tab', { name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Do-not-email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Do-not-email' })).not.toBeInTheDocument();
    expect(server.requestsTo('GET /api/mail/suppression')).toEqual([]);
  });
});
