import type { MailboxAnswer, MailboxHealth } from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectFocusBackFromRowDialog } from '../../../test/dialog-focus.ts';
import { createFakeServer, errorBody, type FakeRequest } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';

function makeMailbox(index: number, overrides: Partial<MailboxAnswer> = {}): MailboxAnswer {
  return {
    id: `mb-${index}`,
    status: 'active',
    status_message: null,
    email: `sender${index}@acme.com`,
    name: `Sender ${index}`,
    description: '',
    smtp_host: 'smtp.acme.com',
    smtp_port: 587,
    imap_host: 'imap.acme.com',
    imap_port: 993,
    emails_limit: 30,
    min_email_gap: 60,
    max_email_gap: 120,
    created: '2026-01-01T00:00:00.000Z',
    health: null,
    ramp_started: null,
    sending_paused_reason: null,
    ...overrides,
  };
}

function page(mailboxes: MailboxAnswer[], number = 1, total = mailboxes.length) {
  return {
    mailboxes,
    page: number,
    pages: Math.ceil(total / 10),
    per_page: 10,
    total_count: total,
  };
}

function openSenderList(answer: (request: FakeRequest) => unknown, url = '/sender-list') {
  const server = createFakeServer({
    'GET /api/mail/mailboxes/list': (request) => ({ body: answer(request) }),
  });
  logIn(server, { user: { properties: { sections: ['mail'] } } });
  const app = renderApp(url);
  return { server, ...app };
}

async function openMenuItem(
  user: ReturnType<typeof renderApp>['user'],
  email: string,
  item: string,
) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${email}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

// A mailbox on day 3 of its ramp-up (started two days ago and a bit: 5 + 3 + 3 = 11 of 30
// today), shown as ramping up; its ramp switch flipped off in the dialog of the row's menu item.
async function flipRampOffIn(menuItem: string, dialogName: string) {
  const started = new Date(Date.now() - 2 * 86_400_000 - 3_600_000).toISOString();
  const { server, user } = openSenderList(() => page([makeMailbox(1, { ramp_started: started })]));
  server.on('PATCH /api/mail/mailboxes/mb-1/settings', (request) => ({
    body: makeMailbox(1, { ...(request.body as Partial<MailboxAnswer>), ramp_started: null }),
  }));
  const table = await screen.findByRole('table', { name: 'Mailboxes' });
  expect(within(table).getByText('ramping up')).toBeInTheDocument();
  await openMenuItem(user, 'sender1@acme.com', menuItem);
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  expect(
    within(dialog).getByText(
      'Ramp-up day 3: up to 11 of 30 emails today, the full limit from day 10.',
    ),
  ).toBeInTheDocument();
  const ramp = within(dialog).getByRole('switch', { name: /Ramp up the daily limit/ });
  expect(ramp).toBeChecked();
  await user.click(ramp);
  return { server, user, dialog, ramp };
}

const rampOff = { emails_limit: 30, min_email_gap: 60, max_email_gap: 120, ramp_up: false };

describe('sender list (product-spec §2, §5 Mailbox and Sending limits)', () => {
  it('lists the mailboxes with their status and the server’s error, 10 a page', async () => {
    const { server, user } = openSenderList((request) =>
      page(
        [
          makeMailbox(1),
          makeMailbox(2, { status: 'error', status_message: '535 Authentication failed' }),
        ],
        Number(request.query.get('page')),
        12,
      ),
    );
    const table = await screen.findByRole('table', { name: 'Mailboxes' });
    expect(within(table).getByText('sender1@acme.com')).toBeInTheDocument();
    expect(within(table).getByText('Active')).toBeInTheDocument();
    expect(within(table).getByText('Error')).toBeInTheDocument();
    expect(within(table).getByText('535 Authentication failed')).toBeInTheDocument();
    expect(screen.getByText('Showing 1-10 of 12 results')).toBeInTheDocument();
    expect(server.requestsTo('GET /api/mail/mailboxes/list')[0]?.query.get('count')).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(server.requestsTo('GET /api/mail/mailboxes/list').at(-1)?.query.get('page')).toBe('2'),
    );
  });

  it('shows a stored connection error with its line breaks, in the list and the dialog', async () => {
    const error = 'SMTP: 535 Authentication credentials invalid\nIMAP: Authentication failed.';
    const { user } = openSenderList(() =>
      page([makeMailbox(1, { status: 'error', status_message: error })]),
    );
    const table = await screen.findByRole('table', { name: 'Mailboxes' });
    const text = 'SMTP: 535 Authentication credentials invalid IMAP: Authentication failed.';
    expect(within(table).getByText(text)).toHaveStyle({ whiteSpace: 'pre-line' });
    await openMenuItem(user, 'sender1@acme.com', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mailbox' });
    expect(within(dialog).getByText(text)).toHaveStyle({ whiteSpace: 'pre-line' });
  });

  it('adds a mailbox, validating as the user types, and shows the connection failure', async () => {
    const { server, user } = openSenderList(() => page([]));
    server.on('POST /api/mail/mailboxes', (request) => ({
      status: 201,
      body: makeMailbox(3, {
        ...(request.body as Partial<MailboxAnswer>),
        status: 'error',
        status_message: 'Invalid login: 535 5.7.8 Authentication credentials invalid',
      }),
    }));
    await user.click(await screen.findByRole('button', { name: 'Add Mailbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Mailbox' });
    const field = (name: string) =>
      within(dialog).getByLabelText(name, { exact: false, selector: 'input' });

    await user.type(field('Name'), 'x'.repeat(31));
    expect(await within(dialog).findByText('Must be at most 30 characters')).toBeInTheDocument();
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Sales');
    await user.type(field('Description'), 'y'.repeat(51));
    expect(await within(dialog).findByText('Must be at most 50 characters')).toBeInTheDocument();
    await user.clear(field('Description'));
    await user.type(field('Email'), 'not-an-email');
    expect(await within(dialog).findByText('Please enter a valid email')).toBeInTheDocument();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'sales@acme.com');

    // Password, hosts and ports are required: an empty port says so, not the port range.
    await user.click(within(dialog).getByRole('button', { name: 'Save and Test Connection' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(5);
    expect(within(dialog).queryByText('Please enter a port from 1 to 65535')).toBeNull();
    expect(server.requestsTo('POST /api/mail/mailboxes')).toHaveLength(0);

    await user.type(field('Password'), 'secret');
    await user.type(field('IMAP Host'), 'imap.acme.com');
    await user.type(field('IMAP Port'), '993');
    await user.type(field('SMTP Host'), 'smtp.acme.com');
    await user.type(field('SMTP Port'), '70000');
    expect(
      await within(dialog).findByText('Please enter a port from 1 to 65535'),
    ).toBeInTheDocument();
    await user.clear(field('SMTP Port'));
    await user.type(field('SMTP Port'), '587');
    await user.click(within(dialog).getByRole('button', { name: 'Save and Test Connection' }));

    expect(await screen.findByText('Connection failed')).toBeInTheDocument();
    expect(
      screen.getByText('Invalid login: 535 5.7.8 Authentication credentials invalid'),
    ).toBeInTheDocument();
    expect(server.requestsTo('POST /api/mail/mailboxes')[0]?.body).toEqual({
      email: 'sales@acme.com',
      name: 'Sales',
      description: '',
      password: 'secret',
      smtp_host: 'smtp.acme.com',
      smtp_port: 587,
      imap_host: 'imap.acme.com',
      imap_port: 993,
    });
    expect(server.requestsTo('POST /api/mail/mailboxes')[0]?.headers.get('Authorization')).toMatch(
      /^Bearer /,
    );
    // The saved mailbox's connection can be fixed in the same dialog, which stays 'Add Mailbox'
    // with one button to test again (no second form, no second save button).
    const after = screen.getByRole('dialog', { name: 'Add Mailbox' });
    expect(within(after).getByRole('button', { name: 'Test Again' })).toBeInTheDocument();
    expect(within(after).queryByRole('button', { name: 'Save Details' })).toBeNull();
    expect(within(after).queryByRole('button', { name: /Save and Test/ })).toBeNull();
  });

  it('opens the mailbox named in the address (the Unibox’s link), and closing forgets it but keeps the search', async () => {
    const broken = makeMailbox(12, { status: 'error', status_message: 'SMTP: refused the login' });
    const { server, user, location } = openSenderList(
      () => page([makeMailbox(1)]),
      '/sender-list?key=sender&mailbox=mb-12',
    );
    server.on('GET /api/mail/mailboxes/mb-12', { body: broken });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mailbox' });
    expect(within(dialog).getByText('SMTP: refused the login')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveValue(
      'sender12@acme.com',
    );
    // The header's close icon and the footer's Close button both close it.
    const [closeButton] = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closeButton as HTMLElement);
    await waitFor(() => expect(location()).toBe('/sender-list?key=sender'));
  });

  it('fills a provider’s servers and ports and says which password it wants', async () => {
    const { user } = openSenderList(() => page([]));
    await user.click(await screen.findByRole('button', { name: 'Add Mailbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Mailbox' });
    const field = (name: string) =>
      within(dialog).getByLabelText(name, { exact: false, selector: 'input' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Provider' }));
    await user.click(
      await screen.findByRole('option', { name: 'Gmail / Google Workspace', hidden: true }),
    );
    expect(field('SMTP Host')).toHaveValue('smtp.gmail.com');
    expect(field('SMTP Port')).toHaveValue('587');
    expect(field('IMAP Host')).toHaveValue('imap.gmail.com');
    expect(field('IMAP Port')).toHaveValue('993');
    expect(
      within(dialog).getByText(/Use an app password: turn on 2-Step Verification/),
    ).toBeVisible();

    await user.click(within(dialog).getByRole('combobox', { name: 'Provider' }));
    await user.click(
      await screen.findByRole('option', { name: 'Microsoft 365 / Outlook', hidden: true }),
    );
    expect(field('SMTP Host')).toHaveValue('smtp.office365.com');
    expect(field('IMAP Host')).toHaveValue('outlook.office365.com');
  });

  it('flags an empty required field when the user leaves it, and ports take digits only', async () => {
    const { user } = openSenderList(() => page([]));
    await user.click(await screen.findByRole('button', { name: 'Add Mailbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Mailbox' });
    const field = (name: string) =>
      within(dialog).getByLabelText(name, { exact: false, selector: 'input' });

    await user.click(field('SMTP Host'));
    await user.tab();
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    await user.type(field('SMTP Port'), 'a5x87');
    expect(field('SMTP Port')).toHaveValue('587');
    await user.type(field('IMAP Port'), '0099300');
    expect(field('IMAP Port')).toHaveValue('99300');
  });

  it('shows the server’s refusal of a private host', async () => {
    const { server, user } = openSenderList(() => page([]));
    server.on(
      'POST /api/mail/mailboxes',
      errorBody(400, 'This mail server address is not allowed.'),
    );
    await user.click(await screen.findByRole('button', { name: 'Add Mailbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Mailbox' });
    const field = (name: string) =>
      within(dialog).getByLabelText(name, { exact: false, selector: 'input' });
    await user.type(field('Email'), 'sales@acme.com');
    await user.type(field('Password'), 'secret');
    await user.type(field('SMTP Host'), '127.0.0.1');
    await user.type(field('SMTP Port'), '25');
    await user.type(field('IMAP Host'), '127.0.0.1');
    await user.type(field('IMAP Port'), '143');
    await user.click(within(dialog).getByRole('button', { name: 'Save and Test Connection' }));
    expect(
      await within(dialog).findByText('This mail server address is not allowed.'),
    ).toBeInTheDocument();
  });

  it('re-tests the connection of a saved mailbox, keeping the password when left empty', async () => {
    const { server, user } = openSenderList(() =>
      page([makeMailbox(1, { status: 'error', status_message: 'Connection refused' })]),
    );
    server.on('PATCH /api/mail/mailboxes/mb-1/connection', (request) => ({
      body: makeMailbox(1, { ...(request.body as Partial<MailboxAnswer>), status: 'active' }),
    }));
    await openMenuItem(user, 'sender1@acme.com', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mailbox' });
    expect(within(dialog).getByText('Connection refused')).toBeInTheDocument();
    const connection = within(dialog).getByRole('form', { name: 'Mailbox connection' });
    await user.clear(
      within(connection).getByLabelText('SMTP Host', { exact: false, selector: 'input' }),
    );
    await user.type(
      within(connection).getByLabelText('SMTP Host', { exact: false, selector: 'input' }),
      'smtp2.acme.com',
    );
    const imapPort = within(connection).getByLabelText('IMAP Port', {
      exact: false,
      selector: 'input',
    });
    await user.clear(imapPort);
    expect(await within(connection).findByText('This field is required')).toBeInTheDocument();
    await user.type(imapPort, '70000');
    expect(
      await within(connection).findByText('Please enter a port from 1 to 65535'),
    ).toBeInTheDocument();
    await user.clear(imapPort);
    await user.type(imapPort, '993');
    await user.click(within(connection).getByRole('button', { name: 'Save and Test Connection' }));
    expect(await within(dialog).findByText('Connected')).toBeInTheDocument();
    expect(server.requestsTo('PATCH /api/mail/mailboxes/mb-1/connection')[0]?.body).toEqual({
      email: 'sender1@acme.com',
      smtp_host: 'smtp2.acme.com',
      smtp_port: 587,
      imap_host: 'imap.acme.com',
      imap_port: 993,
    });
  });

  it('sets sending limits: at most 50 a day, max above min, 4 digits', async () => {
    const { server, user } = openSenderList(() => page([makeMailbox(1)]));
    server.on('PATCH /api/mail/mailboxes/mb-1/settings', (request) => ({
      body: makeMailbox(1, request.body as Partial<MailboxAnswer>),
    }));
    await openMenuItem(user, 'sender1@acme.com', 'Sending Limits');
    const dialog = await screen.findByRole('dialog', { name: 'Sending Limits' });
    const limit = within(dialog).getByLabelText('Emails per day', {
      exact: false,
      selector: 'input',
    });
    const min = within(dialog).getByLabelText('Min gap (seconds)', {
      exact: false,
      selector: 'input',
    });
    const max = within(dialog).getByLabelText('Max gap (seconds)', {
      exact: false,
      selector: 'input',
    });

    await user.clear(limit);
    await user.type(limit, '51');
    expect(
      await within(dialog).findByText('The number of emails cannot be more than 50'),
    ).toBeInTheDocument();
    await user.clear(limit);
    await user.type(limit, 'a04x0');
    expect(limit).toHaveValue('40');

    await user.clear(max);
    await user.type(max, '123456');
    expect(max).toHaveValue('1234');
    await user.clear(min);
    await user.type(min, '2000');
    expect(await within(dialog).findByText('Max must be higher than Min')).toBeInTheDocument();
    await user.clear(min);
    await user.type(min, '30');
    await waitFor(() =>
      expect(within(dialog).queryByText('Max must be higher than Min')).toBeNull(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.requestsTo('PATCH /api/mail/mailboxes/mb-1/settings')[0]?.body).toEqual({
        emails_limit: 40,
        min_email_gap: 30,
        max_email_gap: 1234,
        ramp_up: false,
      }),
    );
  });

  it('shows where the ramp-up is, and turns it off in the sending limits', async () => {
    const { server, user, dialog } = await flipRampOffIn('Sending Limits', 'Sending Limits');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.requestsTo('PATCH /api/mail/mailboxes/mb-1/settings')[0]?.body).toEqual(
        rampOff,
      ),
    );
  });

  it('shows ramping up only while the ramp holds the mailbox under its daily limit', async () => {
    const day = 86_400_000;
    // Day 3: 11 of 30. Day 20: past day 10, the full 30.
    const ramping = new Date(Date.now() - 2 * day - 3_600_000).toISOString();
    const done = new Date(Date.now() - 19 * day - 3_600_000).toISOString();
    openSenderList(() =>
      page([
        makeMailbox(1, { ramp_started: ramping }),
        makeMailbox(2, { ramp_started: done }),
        makeMailbox(3, { ramp_started: null }),
      ]),
    );
    const table = await screen.findByRole('table', { name: 'Mailboxes' });
    const row = (email: string) => within(table).getByText(email).closest('tr') as HTMLElement;
    expect(within(row('sender1@acme.com')).getByText('ramping up')).toBeInTheDocument();
    expect(within(row('sender2@acme.com')).queryByText('ramping up')).toBeNull();
    expect(within(row('sender3@acme.com')).queryByText('ramping up')).toBeNull();
  });

  it('turns the ramp-up off from the switch in the mailbox dialog', async () => {
    const { server, dialog, ramp } = await flipRampOffIn('Edit', 'Edit Mailbox');
    expect(
      await within(dialog).findByText('Ramp-up is off: up to 30 emails a day.'),
    ).toBeInTheDocument();
    expect(ramp).not.toBeChecked();
    expect(server.requestsTo('PATCH /api/mail/mailboxes/mb-1/settings')[0]?.body).toEqual(rampOff);
  });

  it('badges a mailbox whose sending protection paused, says why, and resumes it from the menu or the dialog', async () => {
    const reason =
      'Sending paused: 3 of its last 21 e-mails bounced (14.3 %), above the 10 % limit. Check the lists it sends to, then click Resume sending.';
    let paused: string | null = reason;
    const { server, user } = openSenderList(() =>
      page([makeMailbox(1, { sending_paused_reason: paused }), makeMailbox(2)]),
    );
    server.on('POST /api/mail/mailboxes/mb-1/resume', () => {
      paused = null;
      return { body: makeMailbox(1) };
    });
    const table = await screen.findByRole('table', { name: 'Mailboxes' });
    const badge = within(table).getByText('Sending paused');
    // The connection works: no 'Error'; the reason is read out with the badge and on hover.
    expect(within(table).queryByText('Error')).toBeNull();
    expect(badge).toHaveTextContent(`Sending paused: ${reason}`);
    await user.hover(badge);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    await user.unhover(badge);

    // Only a paused mailbox has Resume sending in its menu.
    await user.click(screen.getByRole('button', { name: 'Actions for sender2@acme.com' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Resume sending' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    // The dialog warns with the reason, not as a failed connection.
    await openMenuItem(user, 'sender1@acme.com', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mailbox' });
    expect(within(dialog).getByText('Connected')).toBeInTheDocument();
    expect(within(dialog).queryByText('Connection failed')).toBeNull();
    const warning = await within(dialog).findByRole('status');
    expect(warning).toHaveTextContent('Sending paused');
    expect(within(warning).getByText(reason)).toBeInTheDocument();
    await user.click(within(warning).getByRole('button', { name: 'Resume sending' }));
    await waitFor(() => expect(within(dialog).queryByRole('status')).toBeNull());
    expect(server.requestsTo('POST /api/mail/mailboxes/mb-1/resume')).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(table).queryByText('Sending paused')).toBeNull());
  });

  it('resumes a paused mailbox from its row menu', async () => {
    let paused: string | null = 'Sending paused: 2 spam complaints about its last 6 e-mails.';
    const { server, user } = openSenderList(() =>
      page([makeMailbox(1, { sending_paused_reason: paused })]),
    );
    server.on('POST /api/mail/mailboxes/mb-1/resume', () => {
      paused = null;
      return { body: makeMailbox(1) };
    });
    const table = await screen.findByRole('table', { name: 'Mailboxes' });
    expect(within(table).getByText('Sending paused')).toBeInTheDocument();
    await openMenuItem(user, 'sender1@acme.com', 'Resume sending');
    expect(await screen.findByText('sender1@acme.com sends again.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('Sending paused')).toBeNull());
    expect(server.requestsTo('POST /api/mail/mailboxes/mb-1/resume')).toHaveLength(1);
  });

  it('badges each mailbox with its domain health and details it in the dialog', async () => {
    const health: MailboxHealth = {
      domain: 'acme.com',
      state: 'fail',
      checked: '2026-01-02T08:00:00.000Z',
      dkim_selector: null,
      checks: [
        {
          check: 'spf',
          state: 'ok',
          found: 'v=spf1 include:_spf.acme.com -all',
          problem: null,
          fix: null,
        },
        {
          check: 'dmarc',
          state: 'fail',
          found: null,
          problem:
            'acme.com publishes no DMARC record; Gmail and Yahoo require one of bulk senders.',
          fix: {
            type: 'TXT',
            name: '_dmarc.acme.com',
            value: 'v=DMARC1; p=quarantine; rua=mailto:postmaster@acme.com',
          },
        },
      ],
    };
    const { server, user } = openSenderList(() =>
      page([makeMailbox(1, { health: 'fail' }), makeMailbox(2, { health: null })]),
    );
    server.on('GET /api/mail/mailboxes/mb-1/health', { body: health });
    server.on('POST /api/mail/mailboxes/mb-1/health', (request) => ({
      body: { ...health, dkim_selector: (request.body as { dkim_selector: string }).dkim_selector },
    }));
    const table = await screen.findByRole('table', { name: 'Mailboxes' });
    expect(within(table).getByText('Failing')).toBeInTheDocument();
    expect(within(table).getByText('Not checked')).toBeInTheDocument();

    await openMenuItem(user, 'sender1@acme.com', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mailbox' });
    const dmarc = await within(dialog).findByRole('listitem', { name: 'DMARC' });
    expect(within(dmarc).getByText(/publishes no DMARC record/)).toBeInTheDocument();
    expect(within(dmarc).getByText('_dmarc.acme.com')).toBeInTheDocument();
    expect(
      within(dmarc).getByText('v=DMARC1; p=quarantine; rua=mailto:postmaster@acme.com'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Ramp-up is off: up to 30 emails a day.')).toBeInTheDocument();

    const selector = within(dialog).getByLabelText('DKIM selector', { selector: 'input' });
    await user.type(selector, 'my key');
    expect(
      await within(dialog).findByText(
        'A DKIM selector is letters, digits and hyphens, in labels separated by dots.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Check Again' })).toBeDisabled();
    await user.clear(selector);
    await user.type(selector, 's2024');
    await user.click(within(dialog).getByRole('button', { name: 'Check Again' }));
    await waitFor(() =>
      expect(server.requestsTo('POST /api/mail/mailboxes/mb-1/health')[0]?.body).toEqual({
        dkim_selector: 's2024',
      }),
    );
  });

  it('deletes a mailbox no campaign uses after the plain confirmation', async () => {
    const { server, user } = openSenderList(() => page([makeMailbox(1)]));
    server.on('GET /api/mail/mailboxes/mb-1/campaigns', { body: { campaigns: [] } });
    server.on('DELETE /api/mail/mailboxes/mb-1', { body: { message: 'Deleted' } });
    await openMenuItem(user, 'sender1@acme.com', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Mailbox' });
    const remove = within(dialog).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(remove).toBeEnabled());
    expect(within(dialog).queryByText(/Used by/)).toBeNull();
    expect(within(dialog).queryByText(/will be paused/)).toBeNull();
    await user.click(remove);
    await waitFor(() =>
      expect(server.requestsTo('DELETE /api/mail/mailboxes/mb-1')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The row and its menu are gone: the focus goes to Add Mailbox, not to the page's body.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Mailbox' })),
    );
  });

  it('keeps the plain confirmation when the campaigns cannot be read', async () => {
    const { server, user } = openSenderList(() => page([makeMailbox(1)]));
    server.on('GET /api/mail/mailboxes/mb-1/campaigns', errorBody(404, 'Not Found'));
    server.on('DELETE /api/mail/mailboxes/mb-1', { body: { message: 'The mailbox was deleted.' } });
    await openMenuItem(user, 'sender1@acme.com', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Mailbox' });
    const remove = within(dialog).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(remove).toBeEnabled());
    expect(within(dialog).queryByText(/Used by/)).toBeNull();
    await user.click(remove);
    await waitFor(() =>
      expect(server.requestsTo('DELETE /api/mail/mailboxes/mb-1')).toHaveLength(1),
    );
  });

  it('names the campaigns using the mailbox and the active one it leaves without a mailbox', async () => {
    const { server, user } = openSenderList(() => page([makeMailbox(1)]));
    server.on('GET /api/mail/mailboxes/mb-1/campaigns', {
      body: {
        campaigns: [
          { id: 'c1', name: 'Spring outreach', status: 'active', left_without_mailbox: true },
          { id: 'c2', name: 'Q4 follow-up', status: 'active', left_without_mailbox: false },
        ],
      },
    });
    server.on('DELETE /api/mail/mailboxes/mb-1', { body: { message: 'The mailbox was deleted.' } });
    await openMenuItem(user, 'sender1@acme.com', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Mailbox' });
    expect(
      await within(dialog).findByText('Used by 2 campaigns: Spring outreach, Q4 follow-up.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Spring outreach has no other mailbox and will be paused.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/Q4 follow-up (has|have) no other/)).toBeNull();
    const remove = within(dialog).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(remove).toBeEnabled());
    await user.click(remove);
    await waitFor(() =>
      expect(server.requestsTo('DELETE /api/mail/mailboxes/mb-1')).toHaveLength(1),
    );
  });

  it('announces a pause only for active campaigns, naming them all', async () => {
    const { server, user } = openSenderList(() => page([makeMailbox(1), makeMailbox(2)]));
    server.on('GET /api/mail/mailboxes/mb-1/campaigns', {
      body: {
        campaigns: [{ id: 'c3', name: 'Winter', status: 'paused', left_without_mailbox: true }],
      },
    });
    server.on('GET /api/mail/mailboxes/mb-2/campaigns', {
      body: {
        campaigns: [
          { id: 'c1', name: 'Spring outreach', status: 'active', left_without_mailbox: true },
          { id: 'c4', name: 'Summer', status: 'active', left_without_mailbox: true },
        ],
      },
    });
    await openMenuItem(user, 'sender1@acme.com', 'Delete');
    let dialog = await screen.findByRole('dialog', { name: 'Delete Mailbox' });
    expect(await within(dialog).findByText('Used by 1 campaign: Winter.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/will be paused/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await openMenuItem(user, 'sender2@acme.com', 'Delete');
    dialog = await screen.findByRole('dialog', { name: 'Delete Mailbox' });
    expect(
      await within(dialog).findByText(
        'Spring outreach and Summer have no other mailbox and will be paused.',
      ),
    ).toBeInTheDocument();
  });
});

describe('sender list dialogs give focus back (WAI-ARIA dialog pattern)', () => {
  it.each(['Edit', 'Sending Limits'])(
    'returns focus to the row’s Actions button when %s is closed with Escape',
    async (item) => {
      const { user } = openSenderList(() => page([makeMailbox(1)]));
      await expectFocusBackFromRowDialog(user, 'sender1@acme.com', item);
    },
  );
});

describe('sender list search (product-spec §5 "Search name": at most 30)', () => {
  const all = Array.from({ length: 12 }, (_, index) => makeMailbox(index + 1));
  const slice = (found: MailboxAnswer[], request: FakeRequest) => {
    const number = Number(request.query.get('page'));
    return page(found.slice((number - 1) * 10, number * 10), number, found.length);
  };

  it('searches from 2 characters after the pause, starting at page 1 and paging the results', async () => {
    const { server, user } = openSenderList((request) => slice(all, request));
    server.on('GET /api/mail/mailboxes/search', (request) => {
      const key = request.query.get('key') ?? '';
      const found = all.filter((mailbox) => `${mailbox.email} ${mailbox.name}`.includes(key));
      return { body: slice(key === 'sender' ? found.slice(0, 11) : found, request) };
    });
    await screen.findByRole('table', { name: 'Mailboxes' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11-12 of 12 results')).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Search mailboxes' });
    expect(box).toHaveAttribute('maxLength', '30');
    await user.type(box, 's');
    await user.type(box, 'ender');
    expect(await screen.findByText('Showing 1-10 of 11 results')).toBeInTheDocument();
    const searches = server.requestsTo('GET /api/mail/mailboxes/search');
    // Debounced: one call for the whole word, none for a single character.
    expect(searches.map((request) => request.query.get('key'))).toEqual(['sender']);
    expect(searches[0]?.query.get('page')).toBe('1');
    expect(searches[0]?.query.get('count')).toBe('10');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11-11 of 11 results')).toBeInTheDocument();
    expect(server.requestsTo('GET /api/mail/mailboxes/search').at(-1)?.query.get('page')).toBe('2');

    await user.clear(box);
    expect(await screen.findByText('Showing 1-10 of 12 results')).toBeInTheDocument();
  });

  it('says when nothing matches, keeping the search box', async () => {
    const { server, user } = openSenderList((request) => slice(all, request));
    server.on('GET /api/mail/mailboxes/search', { body: page([], 1, 0) });
    await screen.findByRole('table', { name: 'Mailboxes' });
    await user.type(screen.getByRole('textbox', { name: 'Search mailboxes' }), 'nobody');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search mailboxes' })).toHaveValue('nobody');
  });

  it('has no search box before the first mailbox', async () => {
    openSenderList(() => page([]));
    expect(await screen.findByText(/No mailboxes yet/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Search mailboxes' })).toBeNull();
  });
});
