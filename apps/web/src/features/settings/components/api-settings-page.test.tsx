import {
  API_KEY_NAME_MAX,
  type ApiKey,
  apiKeyMessages,
  validationMessages as m,
} from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blurWhatTurnsDisabled } from '../../../test/dialog-focus.ts';
import { createFakeServer, errorBody, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';

const SECRET = 'mh_3fA9c2d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6';

function makeKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'key-1',
    name: 'CRM sync',
    prefix: 'mh_3fA9c2',
    created: '2026-03-07T10:00:00.000Z',
    last_used: null,
    requests_this_period: 0,
    ...overrides,
  };
}

const usageRow = (index: number) => ({
  key_id: 'key-1',
  key_name: 'CRM sync',
  endpoint: index % 2 === 0 ? 'email-finder' : 'account',
  status: 200,
  credits: index % 2 === 0 ? 1 : 0,
  at: `2026-03-07T10:${String(index).padStart(2, '0')}:00.000Z`,
});

// A server that keeps the user's keys: created ones are listed, revoked ones go.
function keyServer(server: FakeServer, keys: ApiKey[]) {
  server.on('GET /api/api-keys', () => ({ body: { keys } }));
  server.on('GET /api/api-keys/usage', { body: { rows: [], total: 0 } });
  server.on('POST /api/api-keys', (request) => {
    const { name } = request.body as { name: string };
    const key = makeKey({ id: `key-${keys.length + 1}`, name, created: '2026-03-08T09:00:00Z' });
    keys.push(key);
    const { id, prefix, created } = key;
    return { status: 201, body: { id, name, key: SECRET, prefix, created } };
  });
  for (const key of keys) {
    server.on(`DELETE /api/api-keys/${key.id}`, () => {
      keys.splice(keys.indexOf(key), 1);
      return { body: { message: apiKeyMessages.revoked } };
    });
  }
}

function openApiSettings(keys: ApiKey[] = []) {
  const server = createFakeServer();
  logIn(server);
  keyServer(server, keys);
  return { server, ...renderApp('/settings/api') };
}

const nameField = () => screen.getByLabelText('Key name', { exact: false, selector: 'input' });
const keysTable = () => screen.getByRole('table', { name: 'API keys' });

describe('Settings › API', () => {
  it('lists each key with its prefix, dates and requests this period', async () => {
    openApiSettings([
      makeKey(),
      makeKey({
        id: 'key-2',
        name: 'Sheets',
        prefix: 'mh_77bc01',
        last_used: '2026-03-09T14:05:00.000Z',
        requests_this_period: 42,
      }),
    ]);
    await screen.findByRole('table', { name: 'API keys' });
    const [, first, second] = within(keysTable()).getAllByRole('row');
    expect(first).toHaveTextContent('CRM sync');
    expect(first).toHaveTextContent('mh_3fA9c2…');
    expect(first).toHaveTextContent('07.03.2026');
    expect(within(first as HTMLElement).getByText('Never')).toBeInTheDocument();
    expect(second).toHaveTextContent('09.03.2026 14:05 UTC');
    expect(second).toHaveTextContent('42');
    expect(screen.getByRole('tab', { name: 'API', selected: true })).toBeInTheDocument();
  });

  it('checks the name as you type', async () => {
    const { user, server } = openApiSettings();
    await screen.findByText('No API keys yet');
    await user.type(nameField(), 'x');
    await user.clear(nameField());
    expect(await screen.findByText(m.required)).toBeInTheDocument();
    await user.type(nameField(), 'k'.repeat(API_KEY_NAME_MAX + 1));
    expect(await screen.findByText(m.maxLength(API_KEY_NAME_MAX))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(server.requestsTo('POST /api/api-keys')).toHaveLength(0);
  });

  it('shows a new key once, with a copy button, then lists it by its prefix only', async () => {
    blurWhatTurnsDisabled();
    const { user, server } = openApiSettings();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    await user.type(nameField(), '  Zapier ');
    const answer = server.hold('POST /api/api-keys');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    // The button loads while the server answers: a browser takes the focus off it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled());
    answer();

    const dialog = await screen.findByRole('dialog', { name: 'API key “Zapier”' });
    expect(within(dialog).getByText(apiKeyMessages.created)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('API key')).toHaveValue(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Copy API key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(server.requestsTo('POST /api/api-keys')[0]?.body).toEqual({ name: 'Zapier' });
    // A stray Escape does not lose the key: only Done closes the dialog.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'API key “Zapier”' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await within(await screen.findByRole('table', { name: 'API keys' })).findByRole(
      'row',
      { name: /Zapier/ },
    );
    expect(row).toHaveTextContent('mh_3fA9c2…');
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(nameField()).toHaveValue('');
    // Focus goes back to the button that opened the dialog (WAI-ARIA dialog pattern).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create key' })).toHaveFocus());
  });

  it('revokes a key only after the user confirms', async () => {
    const { user, server } = openApiSettings([makeKey(), makeKey({ id: 'key-2', name: 'Sheets' })]);
    await user.click(await screen.findByRole('button', { name: 'Revoke Sheets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.requestsTo('DELETE /api/api-keys/key-2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Sheets' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText(apiKeyMessages.revoked)).toBeInTheDocument();
    expect(server.requestsTo('DELETE /api/api-keys/key-2')).toHaveLength(1);
    await waitFor(() => expect(within(keysTable()).getAllByRole('row')).toHaveLength(2));
    expect(keysTable()).not.toHaveTextContent('Sheets');
  });

  it('keeps the focus in the table after a revoke: the next row, the last, then the name field', async () => {
    blurWhatTurnsDisabled();
    const { user } = openApiSettings([
      makeKey(),
      makeKey({ id: 'key-2', name: 'Sheets' }),
      makeKey({ id: 'key-3', name: 'Zapier' }),
    ]);
    const revoke = async (name: string) => {
      await user.click(await screen.findByRole('button', { name: `Revoke ${name}` }));
      await user.click(await screen.findByRole('button', { name: 'Revoke key' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await revoke('Sheets');
    // The row now in the revoked one's place.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Revoke Zapier' })),
    );
    await revoke('Zapier');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Revoke CRM sync' })),
    );
    await revoke('CRM sync');
    await screen.findByText('No API keys yet');
    await waitFor(() => expect(document.activeElement).toBe(nameField()));
  });

  it("says why a key was not created, in the server's words", async () => {
    const { user, server } = openApiSettings([makeKey()]);
    server.on('POST /api/api-keys', errorBody(409, apiKeyMessages.tooMany));
    await user.type(await screen.findByLabelText('Key name', { exact: false }), 'One more');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(apiKeyMessages.tooMany)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's message when the keys cannot be read", async () => {
    const server = createFakeServer();
    logIn(server);
    server.on('GET /api/api-keys', errorBody(503, 'The database is not answering.'));
    renderApp('/settings/api');
    expect(await screen.findByText('The database is not answering.')).toBeInTheDocument();
  });

  it('pages through the last calls of the keys', async () => {
    const { user, server } = openApiSettings([makeKey()]);
    const rows = Array.from({ length: 13 }, (_, index) => usageRow(12 - index));
    server.on('GET /api/api-keys/usage', (request) => {
      const page = Number(request.query.get('page'));
      const count = Number(request.query.get('count'));
      return { body: { rows: rows.slice((page - 1) * count, page * count), total: rows.length } };
    });
    const usage = await screen.findByRole('table', { name: 'API usage' });
    const first = within(usage).getAllByRole('row')[1] as HTMLElement;
    expect(first).toHaveTextContent('CRM sync');
    expect(first).toHaveTextContent('/v2/email-finder');
    expect(first).toHaveTextContent('200');
    expect(first).toHaveTextContent('07.03.2026 10:12 UTC');
    expect(within(usage).getAllByRole('row')).toHaveLength(11);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'API usage' })).getAllByRole('row'),
      ).toHaveLength(4),
    );
    expect(server.requestsTo('GET /api/api-keys/usage').at(-1)?.query.get('page')).toBe('2');
  });

  it('shows how to call the API with a key', async () => {
    openApiSettings();
    const box = await screen.findByRole('region', { name: 'How to call' });
    expect(box).toHaveTextContent(`${window.location.origin}/v2`);
    expect(box).toHaveTextContent(`curl "${window.location.origin}/v2/account?api_key=`);
    expect(within(box).getByRole('link', { name: /\/v2\/docs/ })).toHaveAttribute(
      'href',
      '/v2/docs',
    );
  });

  it('sends guests to the login and unverified users to the e-mail check', async () => {
    createFakeServer();
    const guest = renderApp('/settings/api');
    await waitFor(() => expect(guest.location()).toBe('/auth/login?redirectUrl=%2Fsettings%2Fapi'));
    guest.unmount();

    const server = createFakeServer();
    logIn(server, { user: { status: 'not verified' } });
    const unverified = renderApp('/settings/api');
    await waitFor(() =>
      expect(unverified.location()).toBe('/email-verification?redirectUrl=%2Fsettings%2Fapi'),
    );
  });
});
