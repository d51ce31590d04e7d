import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordBox } from '../../platform/mail/password-box.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { type RunningServer, startImapServer, startSmtpServer } from './mail-servers.test-kit.ts';

const secretKey = 'mailbox-test-key';
const account = { user: 'sales@acme.test', password: 'app-Password-1' };
// Known to the SMTP server only: its IMAP login fails.
const smtpOnly = { user: 'smtp.only@acme.test', password: 'smtp-Secret-2' };

let t: TestContext;
let smtp: RunningServer;
let imap: RunningServer;
let call: MailCall;

beforeAll(async () => {
  [t, smtp, imap] = await Promise.all([
    createTestContext({
      env: { MAILBOX_SECRET_KEY: secretKey, MAIL_ALLOW_PRIVATE_HOSTS: 'true' },
    }),
    startSmtpServer([account, smtpOnly]),
    startImapServer([account]),
  ]);
  ({ call } = await mailUser(t));
  // The first run on a fresh machine may install dovecot-imapd with apt-get.
}, 300_000);
afterAll(async () => {
  await Promise.all([t?.close(), smtp?.stop(), imap?.stop()]);
});

function connectionOf(mailbox: Record<string, unknown>) {
  const { name: _name, description: _description, password: _password, ...connection } = mailbox;
  return connection;
}

function form(overrides: Record<string, unknown> = {}) {
  return {
    email: account.user,
    name: 'Sales',
    description: 'Outbound',
    password: account.password,
    smtp_host: '127.0.0.1',
    smtp_port: smtp.port,
    imap_host: 'localhost',
    imap_port: imap.port,
    ...overrides,
  };
}

describe('adding a mailbox checks its SMTP and IMAP logins', () => {
  it('saves a mailbox whose logins work as active, without ever returning the password', async () => {
    const response = await call('POST', '/mailboxes', form());
    expect(response.statusCode, response.body).toBe(201);
    const mailbox = response.json();
    expect(mailbox).toMatchObject({
      status: 'active',
      status_message: null,
      email: account.user,
      name: 'Sales',
      description: 'Outbound',
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      imap_host: 'localhost',
      imap_port: imap.port,
      emails_limit: 30,
      min_email_gap: 300,
      max_email_gap: 600,
    });
    expect(response.body).not.toContain(account.password);
    expect(mailbox).not.toHaveProperty('password');
    const read = await call('GET', `/mailboxes/${mailbox.id}`);
    expect(read.json()).toEqual(mailbox);
    await call('DELETE', `/mailboxes/${mailbox.id}`);
  });

  it('saves a mailbox with a wrong password as error, with both servers’ refusals', async () => {
    const response = await call('POST', '/mailboxes', form({ password: 'wrong' }));
    expect(response.statusCode, response.body).toBe(201);
    const mailbox = response.json();
    expect(mailbox.status).toBe('error');
    expect(mailbox.status_message).toMatch(/^SMTP: .*Invalid username or password/m);
    expect(mailbox.status_message).toMatch(/^IMAP: .*Authentication failed/m);
    expect((await call('GET', `/mailboxes/${mailbox.id}`)).json().status).toBe('error');

    // The user fixes the password: the mailbox is checked again and becomes active.
    const connection = connectionOf(form());
    const fixed = await call('PATCH', `/mailboxes/${mailbox.id}/connection`, {
      ...connection,
      password: account.password,
    });
    expect(fixed.json()).toMatchObject({ status: 'active', status_message: null });
    // Without a password the stored one is used.
    const again = await call('PATCH', `/mailboxes/${mailbox.id}/connection`, connection);
    expect(again.json()).toMatchObject({ status: 'active' });
    await call('DELETE', `/mailboxes/${mailbox.id}`);
  });

  it('reports the IMAP refusal alone when only SMTP accepts the login', async () => {
    const response = await call(
      'POST',
      '/mailboxes',
      form({ email: smtpOnly.user, password: smtpOnly.password }),
    );
    const mailbox = response.json();
    expect(mailbox.status).toBe('error');
    expect(mailbox.status_message).toMatch(/^IMAP: .*Authentication failed/);
    expect(mailbox.status_message).not.toContain('SMTP');
    await call('DELETE', `/mailboxes/${mailbox.id}`);
  });

  it('reports a refused connection in words, naming the port to check', async () => {
    const closedPort = imap.port === 1 ? 2 : 1;
    const response = await call('POST', '/mailboxes', form({ imap_port: closedPort }));
    const mailbox = response.json();
    expect(mailbox.status).toBe('error');
    expect(mailbox.status_message).toBe(
      `IMAP: localhost refused the connection on port ${closedPort}. Check the port (SMTP: 587 or 465, IMAP: 993 or 143).`,
    );
    await call('DELETE', `/mailboxes/${mailbox.id}`);
  });

  it('keeps the password encrypted at rest (AES-256-GCM with MAILBOX_SECRET_KEY)', async () => {
    const mailbox = (await call('POST', '/mailboxes', form())).json();
    const { rows } = await t.db.execute<{ password_encrypted: string }>(
      sql`select password_encrypted from mailboxes where id = ${mailbox.id}`,
    );
    const stored = rows[0]?.password_encrypted ?? '';
    expect(stored).not.toContain(account.password);
    expect(stored).not.toContain(Buffer.from(account.password).toString('base64'));
    expect(createPasswordBox(secretKey).open(stored, mailbox.id)).toBe(account.password);
    expect(() => createPasswordBox('another key').open(stored, mailbox.id)).toThrow();
    // Bound to its row: the same ciphertext does not open as another mailbox's.
    expect(() =>
      createPasswordBox(secretKey).open(stored, '00000000-0000-4000-8000-000000000000'),
    ).toThrow();
    await call('DELETE', `/mailboxes/${mailbox.id}`);
  });
});

describe('mailbox form, details, limits and pages', () => {
  it('validates the form with the spec’s rules', async () => {
    const before = await t.countRows('mailboxes');
    const response = await call('POST', '/mailboxes', form({ name: 'n'.repeat(31) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Must be at most 30 characters');
    const noHost = await call('POST', '/mailboxes', form({ smtp_host: ' ' }));
    expect(noHost.json().message).toBe('This field is required');
    expect(await t.countRows('mailboxes')).toBe(before);
  });

  it('refuses a second mailbox with the same e-mail', async () => {
    const first = await call('POST', '/mailboxes', form());
    const second = await call('POST', '/mailboxes', form({ email: account.user.toUpperCase() }));
    expect(second.statusCode).toBe(409);
    await call('DELETE', `/mailboxes/${first.json().id}`);
  });

  it('renames, sets sending limits, lists, searches and deletes', async () => {
    const mailbox = (await call('POST', '/mailboxes', form())).json();
    const renamed = await call('PATCH', `/mailboxes/${mailbox.id}`, {
      name: 'Team',
      description: 'Replies go here',
    });
    expect(renamed.json()).toMatchObject({ name: 'Team', description: 'Replies go here' });

    const tooMany = await call('PATCH', `/mailboxes/${mailbox.id}/settings`, {
      emails_limit: 51,
      min_email_gap: 10,
      max_email_gap: 20,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('The number of emails cannot be more than 50');
    const inverted = await call('PATCH', `/mailboxes/${mailbox.id}/settings`, {
      emails_limit: 20,
      min_email_gap: 60,
      max_email_gap: 60,
    });
    expect(inverted.json().message).toBe('Max must be higher than Min');
    const limits = await call('PATCH', `/mailboxes/${mailbox.id}/settings`, {
      emails_limit: 50,
      min_email_gap: 60,
      max_email_gap: 120,
    });
    expect(limits.json()).toMatchObject({
      emails_limit: 50,
      min_email_gap: 60,
      max_email_gap: 120,
    });

    const list = (await call('GET', '/mailboxes/list?page=1&count=10')).json();
    expect(list).toMatchObject({ page: 1, pages: 1, per_page: 10, total_count: 1 });
    expect(list.mailboxes[0].id).toBe(mailbox.id);
    expect((await call('GET', '/mailboxes/search?key=replies')).json().total_count).toBe(1);
    expect((await call('GET', '/mailboxes/search?key=nothing')).json().total_count).toBe(0);
    const long = await call('GET', `/mailboxes/search?key=${'r'.repeat(31)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('key must be at most 30 characters');

    const deleted = await call('DELETE', `/mailboxes/${mailbox.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/mailboxes/${mailbox.id}`)).statusCode).toBe(404);
  });

  it('never shows or changes another user’s mailbox (404)', async () => {
    const mailbox = (await call('POST', '/mailboxes', form())).json();
    const { call: other } = await mailUser(t);
    expect((await other('GET', `/mailboxes/${mailbox.id}`)).statusCode).toBe(404);
    expect((await other('GET', '/mailboxes/list')).json().total_count).toBe(0);
    expect((await other('PATCH', `/mailboxes/${mailbox.id}`, { name: 'x' })).statusCode).toBe(404);
    const connection = connectionOf(form());
    expect(
      (await other('PATCH', `/mailboxes/${mailbox.id}/connection`, connection)).statusCode,
    ).toBe(404);
    expect(
      (
        await other('PATCH', `/mailboxes/${mailbox.id}/settings`, {
          emails_limit: 1,
          min_email_gap: 0,
          max_email_gap: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await other('DELETE', `/mailboxes/${mailbox.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/mailboxes/${mailbox.id}`)).json()).toEqual(mailbox);
  });
});

describe('private mail server addresses', () => {
  let guarded: TestContext;
  let guardedCall: MailCall;

  beforeAll(async () => {
    guarded = await createTestContext({ env: { MAILBOX_SECRET_KEY: secretKey } });
    ({ call: guardedCall } = await mailUser(guarded));
  });
  afterAll(() => guarded.close());

  it('refuses hosts on loopback or private addresses unless MAIL_ALLOW_PRIVATE_HOSTS', async () => {
    for (const hosts of [
      { smtp_host: '127.0.0.1' },
      { imap_host: 'localhost' },
      { smtp_host: '10.1.2.3', imap_host: 'mail.example.com' },
      { smtp_host: '[::1]' },
      { smtp_host: '169.254.169.254' },
    ]) {
      const response = await guardedCall(
        'POST',
        '/mailboxes',
        form({ smtp_host: 'mail.example.com', imap_host: 'mail.example.com', ...hosts }),
      );
      expect(response.statusCode, JSON.stringify(hosts)).toBe(400);
      expect(response.json().message).toBe('This mail server address is not allowed.');
    }
    expect(await guarded.countRows('mailboxes')).toBe(0);
  });
});

// Security review 2f: each check looks up two host names and logs in to two servers.
describe('mailbox checks per user', () => {
  let limited: TestContext;
  let first: MailCall;
  let second: MailCall;

  beforeAll(async () => {
    limited = await createTestContext({
      env: { MAILBOX_SECRET_KEY: secretKey },
      rateLimits: { mailboxChecksPerHour: 2 },
    });
    ({ call: first } = await mailUser(limited));
    ({ call: second } = await mailUser(limited));
  });
  afterAll(() => limited.close());

  it('answers 429 in words past the hourly limit, for adding and for changing servers, per user', async () => {
    const refused = form({ smtp_host: '10.1.2.3' });
    for (let i = 0; i < 2; i++) {
      expect((await first('POST', '/mailboxes', refused)).statusCode).toBe(400);
    }
    const tooMany = await first('POST', '/mailboxes', refused);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe(
      'Too many mailbox checks: at most 2 an hour. Please try again in 60 minutes.',
    );
    const change = await first(
      'PATCH',
      `/mailboxes/${randomUUID()}/connection`,
      connectionOf(refused),
    );
    expect(change.statusCode).toBe(429);
    expect((await second('POST', '/mailboxes', refused)).statusCode).toBe(400);
    expect(await limited.countRows('mailboxes')).toBe(0);
  });
});
