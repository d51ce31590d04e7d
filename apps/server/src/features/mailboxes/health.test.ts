import { setTimeout as sleep } from 'node:timers/promises';
import type { MailboxHealth } from '@mailhound/contracts';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { mailboxHealthDailyQueue } from './jobs.ts';

let lab: MailLab;
let t: TestContext;
let call: MailCall;

beforeAll(async () => {
  // The mailbox's SMTP host is 127.0.0.1; the lab publishes acme.test's records and the
  // address's reverse name.
  lab = await startMailLab({
    hosts: [{ name: 'smtp.acme.test', address: '127.0.0.1', ptr: 'smtp.acme.test' }],
    domains: [
      {
        name: 'acme.test',
        mx: [{ priority: 10, host: 'smtp.acme.test' }],
        txt: ['v=spf1 ip4:127.0.0.1 -all'],
      },
      { name: '_dmarc.acme.test', txt: ['v=DMARC1; p=none'] },
      { name: 'default._domainkey.acme.test', txt: ['v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEB'] },
    ],
  });
  t = await createTestContext({
    jobs: true,
    env: { FINDER_RESOLVERS: lab.dnsServer, MAIL_ALLOW_PRIVATE_HOSTS: 'true' },
  });
  ({ call } = await mailUser(t));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await lab?.close();
});

// Nothing listens on port 9: the logins fail (status error), the domain is checked all the same.
const form = {
  email: 'amy@acme.test',
  name: 'Amy',
  description: '',
  password: 'secret',
  smtp_host: '127.0.0.1',
  smtp_port: 9,
  imap_host: '127.0.0.1',
  imap_port: 9,
};

async function checkedHealth(id: string): Promise<MailboxHealth> {
  for (;;) {
    const health = (await call('GET', `/mailboxes/${id}/health`)).json() as MailboxHealth;
    if (health.checked !== null) return health;
    await sleep(50);
  }
}

describe('sender-domain health of a new mailbox', () => {
  let id: string;

  it('is checked once the mailbox is added, and shown on the list as a state', async () => {
    const added = await call('POST', '/mailboxes', form);
    expect(added.statusCode, added.body).toBe(201);
    id = added.json().id;
    expect(added.json().health).toBeNull();
    // A new mailbox ramps up from the day it is added.
    expect(added.json().ramp_started).toBe(t.clock.now().toISOString());

    const health = await checkedHealth(id);
    expect(health).toMatchObject({ domain: 'acme.test', state: 'warn', dkim_selector: null });
    expect(Object.fromEntries(health.checks.map((c) => [c.check, c.state]))).toEqual({
      spf: 'ok',
      dmarc: 'warn',
      dkim: 'ok',
      mx: 'ok',
      reverse_dns: 'ok',
    });
    expect(health.checks.find((c) => c.check === 'dmarc')?.fix).toEqual({
      type: 'TXT',
      name: '_dmarc.acme.test',
      value: 'v=DMARC1; p=quarantine',
    });
    const list = (await call('GET', '/mailboxes/list?page=1&count=10')).json();
    expect(list.mailboxes[0]).toMatchObject({ id, health: 'warn' });
  });

  it('checks again now with the DKIM selector the user names, and keeps it', async () => {
    const response = await call('POST', `/mailboxes/${id}/health`, { dkim_selector: 's2024' });
    expect(response.statusCode, response.body).toBe(200);
    const health = response.json() as MailboxHealth;
    expect(health).toMatchObject({ state: 'fail', dkim_selector: 's2024' });
    expect(health.checks.find((c) => c.check === 'dkim')).toMatchObject({
      state: 'fail',
      problem: expect.stringContaining('No DKIM key at s2024._domainkey.acme.test'),
    });
    expect((await call('GET', `/mailboxes/${id}/health`)).json()).toEqual(health);

    const common = await call('POST', `/mailboxes/${id}/health`, { dkim_selector: '' });
    expect(common.json()).toMatchObject({ state: 'warn', dkim_selector: null });
  });

  it('refuses a selector that is not a DNS name, in words, and changes nothing', async () => {
    const before = (await call('GET', `/mailboxes/${id}/health`)).json();
    const response = await call('POST', `/mailboxes/${id}/health`, { dkim_selector: 'my key!' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'A DKIM selector is letters, digits and hyphens, in labels separated by dots.',
    );
    expect((await call('GET', `/mailboxes/${id}/health`)).json()).toEqual(before);
  });

  it('is checked again by the daily job once the last check is a day old', async () => {
    const before = (await call('GET', `/mailboxes/${id}/health`)).json() as MailboxHealth;
    await t.jobs?.sendAndWait(mailboxHealthDailyQueue, {});
    expect((await call('GET', `/mailboxes/${id}/health`)).json().checked).toBe(before.checked);

    t.clock.advance(25 * 3_600_000);
    expect(await t.jobs?.sendAndWait(mailboxHealthDailyQueue, {})).toEqual({ checked: 1 });
    const after = (await call('GET', `/mailboxes/${id}/health`)).json() as MailboxHealth;
    expect(after.checked).toBe(t.clock.now().toISOString());
  });

  it("is not shown for another user's mailbox", async () => {
    const other = await mailUser(t);
    expect((await other.call('GET', `/mailboxes/${id}/health`)).statusCode).toBe(404);
    expect((await other.call('POST', `/mailboxes/${id}/health`, {})).statusCode).toBe(404);
  });
});
