import {
  validationMessages as m,
  WEBHOOK_SIGNATURE_HEADER,
  type Webhook,
  type WebhookDelivery,
  webhookMessages,
} from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blurWhatTurnsDisabled } from '../../../test/dialog-focus.ts';
import { createFakeServer, errorBody, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';

const SECRET = 'whsec_9b8a7c6d5e4f30211f2e3d4c5b6a7980';
const URL_A = 'https://hooks.acme.com/mailhound';

function makeWebhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    id: 'wh-1',
    url: URL_A,
    events: ['bulk.completed', 'email.replied'],
    enabled: true,
    disabled_reason: null,
    created: '2026-03-07T10:00:00.000Z',
    ...overrides,
  };
}

function makeDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'd-1',
    event: 'bulk.completed',
    event_id: 'evt-1',
    attempt: 1,
    status_code: 200,
    error: null,
    at: '2026-03-07T11:30:00.000Z',
    ...overrides,
  };
}

// A server that keeps the user's webhooks and each one's deliveries, newest first.
function webhookServer(server: FakeServer, webhooks: Webhook[]) {
  const deliveries = new Map<string, WebhookDelivery[]>();
  const serve = (webhook: Webhook) => {
    deliveries.set(webhook.id, deliveries.get(webhook.id) ?? []);
    server.on(`GET /api/webhooks/${webhook.id}/deliveries`, () => ({
      body: { deliveries: deliveries.get(webhook.id) },
    }));
    server.on(`PATCH /api/webhooks/${webhook.id}`, (request) => {
      const { enabled } = request.body as { enabled: boolean };
      Object.assign(webhook, { enabled, disabled_reason: null });
      return { body: webhook };
    });
    server.on(`DELETE /api/webhooks/${webhook.id}`, () => {
      webhooks.splice(webhooks.indexOf(webhook), 1);
      return { body: { message: webhookMessages.deleted } };
    });
  };
  webhooks.forEach(serve);
  server.on('GET /api/webhooks', () => ({ body: { webhooks } }));
  server.on('POST /api/webhooks', (request) => {
    const body = request.body as Pick<Webhook, 'url' | 'events'>;
    const webhook = makeWebhook({ id: `wh-${webhooks.length + 1}`, ...body });
    webhooks.push(webhook);
    serve(webhook);
    return { status: 201, body: { ...webhook, secret: SECRET } };
  });
  return deliveries;
}

function openWebhooks(webhooks: Webhook[] = []) {
  const server = createFakeServer();
  logIn(server);
  const deliveries = webhookServer(server, webhooks);
  return { server, deliveries, ...renderApp('/settings/webhooks') };
}

const urlField = () => screen.getByLabelText('Endpoint URL', { exact: false, selector: 'input' });
const card = (url: string) => screen.findByRole('region', { name: url });

describe('Settings › Webhooks', () => {
  it('checks the URL and the events as you type', async () => {
    const { user, server } = openWebhooks();
    await screen.findByText('No webhooks yet');
    await user.type(urlField(), 'ftp://files.acme.com');
    expect(
      await screen.findByText('Enter a URL that starts with https:// or http://.'),
    ).toBeInTheDocument();
    await user.clear(urlField());
    expect(await screen.findByText(m.required)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'email.bounced' }));
    await user.click(screen.getByRole('checkbox', { name: 'email.bounced' }));
    expect(await screen.findByText('Choose at least one event.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(server.requestsTo('POST /api/webhooks')).toHaveLength(0);
  });

  it('adds a URL with its events, shows the signing secret once and lists the webhook', async () => {
    blurWhatTurnsDisabled();
    const { user, server } = openWebhooks();
    await screen.findByText('No webhooks yet');
    expect(screen.getByText('A campaign e-mail bounced.')).toBeInTheDocument();
    await user.type(urlField(), URL_A);
    await user.click(screen.getByRole('checkbox', { name: 'email.bounced' }));
    await user.click(screen.getByRole('checkbox', { name: 'bulk.completed' }));
    const answer = server.hold('POST /api/webhooks');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    // The button loads while the server answers: a browser takes the focus off it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add webhook' })).toBeDisabled());
    answer();

    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByText(webhookMessages.created)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Signing secret')).toHaveValue(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Copy signing secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    // In the order the events are listed, whatever the order of the clicks.
    expect(server.requestsTo('POST /api/webhooks')[0]?.body).toEqual({
      url: URL_A,
      events: ['bulk.completed', 'email.bounced'],
    });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const added = await card(URL_A);
    expect(within(added).getByRole('list', { name: 'Events' })).toHaveTextContent(
      'bulk.completedemail.bounced',
    );
    expect(within(added).getByText('Enabled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(urlField()).toHaveValue('');
    // Focus goes back to the button that opened the dialog (WAI-ARIA dialog pattern).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add webhook' })).toHaveFocus());
  });

  it("says why a webhook was not added, in the server's words", async () => {
    const { user, server } = openWebhooks();
    server.on('POST /api/webhooks', errorBody(400, webhookMessages.privateAddress));
    await screen.findByText('No webhooks yet');
    await user.type(urlField(), 'http://10.0.0.5/hook');
    await user.click(screen.getByRole('checkbox', { name: 'email.replied' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText(webhookMessages.privateAddress)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends a test and shows its delivery with the status code', async () => {
    const { user, server, deliveries } = openWebhooks([makeWebhook()]);
    server.on('POST /api/webhooks/wh-1/test', () => {
      deliveries.set('wh-1', [
        makeDelivery({ id: 'd-2', event: 'webhook.test', event_id: 'evt-2' }),
        ...(deliveries.get('wh-1') ?? []),
      ]);
      return { body: { delivered: true, status_code: 200, message: webhookMessages.testSent } };
    });
    deliveries.set('wh-1', [makeDelivery()]);
    const webhook = await card(URL_A);
    await user.click(within(webhook).getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText(webhookMessages.testSent)).toBeInTheDocument();

    const table = await within(webhook).findByRole('table', { name: `Deliveries to ${URL_A}` });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, test, earlier] = within(table).getAllByRole('row');
    expect(test).toHaveTextContent('webhook.test');
    expect(test).toHaveTextContent('200');
    expect(earlier).toHaveTextContent('bulk.completed');
    expect(earlier).toHaveTextContent('07.03.2026 11:30 UTC');
    expect(server.requestsTo('POST /api/webhooks/wh-1/test')).toHaveLength(1);
  });

  it('says in red when the endpoint refused the test, and shows its status apart from its body', async () => {
    const { user, server, deliveries } = openWebhooks([makeWebhook()]);
    const failed = webhookMessages.testFailedStatus(500);
    server.on('POST /api/webhooks/wh-1/test', () => {
      deliveries.set('wh-1', [
        makeDelivery({ id: 'd-2', event: 'webhook.test', status_code: 500, error: 'ok' }),
      ]);
      return { body: { delivered: false, status_code: 500, message: failed } };
    });
    const webhook = await card(URL_A);
    await user.click(within(webhook).getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test failed: your endpoint answered 500.')).toBeInTheDocument();
    expect(screen.queryByText(webhookMessages.testSent)).toBeNull();
    const notice = screen.getByText(failed).closest('.mantine-Notification-root');
    expect(notice?.getAttribute('style')).toContain(
      '--notification-color: var(--mantine-color-red-filled)',
    );

    const table = await within(webhook).findByRole('table', { name: `Deliveries to ${URL_A}` });
    const [, test] = within(table).getAllByRole('row');
    expect(test).toHaveTextContent('500 — body: ok');
  });

  it('shows a failed delivery by its error and attempt', async () => {
    const { user, deliveries } = openWebhooks([makeWebhook()]);
    deliveries.set('wh-1', [
      makeDelivery({ id: 'd-3', attempt: 3, status_code: null, error: 'Connection refused' }),
      makeDelivery({ id: 'd-2', attempt: 2, status_code: 500, error: null }),
    ]);
    const webhook = await card(URL_A);
    await user.click(within(webhook).getByRole('button', { name: 'Show deliveries' }));
    const table = await within(webhook).findByRole('table', { name: `Deliveries to ${URL_A}` });
    const [, refused, failed] = within(table).getAllByRole('row');
    expect(refused).toHaveTextContent('Connection refused');
    expect(refused).toHaveTextContent('3');
    expect(failed).toHaveTextContent('500');
    expect(failed).toHaveTextContent('2');
  });

  it('turns a webhook off and, after the server turned it off, tells why and turns it on', async () => {
    const { user, server } = openWebhooks([
      makeWebhook(),
      makeWebhook({
        id: 'wh-2',
        url: 'https://crm.acme.com/in',
        enabled: false,
        disabled_reason: webhookMessages.disabledAfterFailures,
      }),
    ]);
    const first = await card(URL_A);
    await user.click(within(first).getByRole('button', { name: 'Turn off' }));
    expect(await within(first).findByText('Disabled')).toBeInTheDocument();
    expect(within(first).getByText(/Turned off by you/)).toBeInTheDocument();
    expect(server.requestsTo('PATCH /api/webhooks/wh-1')[0]?.body).toEqual({ enabled: false });

    const second = await card('https://crm.acme.com/in');
    expect(within(second).getByText(webhookMessages.disabledAfterFailures)).toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Turn on' }));
    expect(await within(second).findByText('Enabled')).toBeInTheDocument();
    expect(within(second).queryByText(webhookMessages.disabledAfterFailures)).toBeNull();
    expect(server.requestsTo('PATCH /api/webhooks/wh-2')[0]?.body).toEqual({ enabled: true });
  });

  it('deletes a webhook only after the user confirms', async () => {
    const { user, server } = openWebhooks([makeWebhook()]);
    const webhook = await card(URL_A);
    await user.click(within(webhook).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.requestsTo('DELETE /api/webhooks/wh-1')).toHaveLength(0);

    await user.click(within(webhook).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));
    expect(await screen.findByText(webhookMessages.deleted)).toBeInTheDocument();
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
    expect(server.requestsTo('DELETE /api/webhooks/wh-1')).toHaveLength(1);
  });

  it("shows the server's message when the webhooks cannot be read", async () => {
    const server = createFakeServer();
    logIn(server);
    server.on('GET /api/webhooks', errorBody(503, 'The database is not answering.'));
    renderApp('/settings/webhooks');
    expect(await screen.findByText('The database is not answering.')).toBeInTheDocument();
  });

  it('says how to verify a signature', async () => {
    openWebhooks();
    const note = await screen.findByRole('region', { name: 'Verifying a delivery' });
    expect(note).toHaveTextContent(WEBHOOK_SIGNATURE_HEADER);
    expect(note).toHaveTextContent('t=…,v1=…');
    expect(note).toHaveTextContent('HMAC-SHA256');
    expect(screen.getByRole('tab', { name: 'Webhooks', selected: true })).toBeInTheDocument();
  });

  it('sends guests to the login', async () => {
    createFakeServer();
    const app = renderApp('/settings/webhooks');
    await waitFor(() =>
      expect(app.location()).toBe('/auth/login?redirectUrl=%2Fsettings%2Fwebhooks'),
    );
  });
});
