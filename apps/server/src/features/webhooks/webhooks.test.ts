import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WEBHOOKS_MAX,
  webhookDeliveriesSchema,
  webhookEvents,
  webhookListSchema,
  webhookMessages,
  webhookSchema,
  webhookTestResultSchema,
} from '@mailhound/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer } from '../../platform/mailer.ts';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { deliverEvent } from './deliver.ts';
import { createWebhookEvents, newEvent } from './emit.ts';
import { webhookDeliveries, webhooks } from './schema.ts';
import {
  addWebhook,
  callAs,
  type Received,
  type Receiver,
  startReceiver,
  type UserCall,
  verifiedEvent,
} from './webhooks.test-kit.ts';

let t: TestContext;
let receiver: Receiver;
let call: UserCall;
let userId: string;

beforeAll(async () => {
  [t, receiver] = await Promise.all([
    createTestContext({
      jobs: true,
      env: { WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true', WEBHOOK_RETRY_SECONDS: '1' },
    }),
    startReceiver(),
  ]);
  const user = await activeUser(t);
  userId = user.id;
  call = callAs(t, user.token);
}, 120_000);
afterAll(async () => {
  await Promise.all([t?.close(), receiver?.stop()]);
});

async function deliveriesOf(id: string) {
  const response = await call('GET', `/webhooks/${id}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return webhookDeliveriesSchema.parse(response.json()).deliveries;
}

describe('the webhooks web API', () => {
  it('adds a webhook and shows its signing secret once, stored only sealed', async () => {
    const created = await addWebhook(call, receiver.url, ['bulk.completed', 'email.replied']);
    expect(created).toMatchObject({
      url: receiver.url,
      events: ['bulk.completed', 'email.replied'],
      enabled: true,
      disabled_reason: null,
    });
    expect(created.secret).toMatch(/^whsec_[\w-]{40,}$/);

    const listed = webhookListSchema.parse((await call('GET', '/webhooks')).json()).webhooks;
    expect(listed.find((hook) => hook.id === created.id)).toEqual(
      webhookSchema.parse({ ...created, secret: undefined }),
    );
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const [row] = await t.db.select().from(webhooks).where(eq(webhooks.id, created.id));
    expect(row?.secretEncrypted).not.toContain(created.secret);
    expect(t.mailConnections.box.open(row?.secretEncrypted ?? '', created.id)).toBe(created.secret);
  });

  it.each([
    [{ url: 'ftp://example.com/x', events: ['bulk.completed'] }, 'starts with https://'],
    [{ url: 'https://example.com/x', events: [] }, 'Choose at least one event.'],
    [{ url: 'https://example.com/x', events: ['bulk.started'] }, 'events'],
    [
      { url: 'https://example.com/x', events: ['bulk.completed', 'bulk.completed'] },
      'Name each event once.',
    ],
  ])('refuses %j with a 400 in words and stores nothing', async (payload, words) => {
    const before = await t.countRows('webhooks');
    const response = await call('POST', '/webhooks', payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(words);
    expect(await t.countRows('webhooks')).toBe(before);
  });

  it('turns a webhook off and on, deletes it, and answers 404 for one not the caller’s', async () => {
    const created = await addWebhook(call, receiver.url, ['campaign.paused']);
    const off = await call('PATCH', `/webhooks/${created.id}`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(webhookSchema.parse(off.json())).toMatchObject({
      enabled: false,
      disabled_reason: null,
    });
    const on = await call('PATCH', `/webhooks/${created.id}`, { enabled: true });
    expect(webhookSchema.parse(on.json()).enabled).toBe(true);

    const stranger = callAs(t, (await activeUser(t)).token);
    for (const [method, url, payload] of [
      ['PATCH', `/webhooks/${created.id}`, { enabled: false }],
      ['DELETE', `/webhooks/${created.id}`],
      ['POST', `/webhooks/${created.id}/test`],
      ['GET', `/webhooks/${created.id}/deliveries`],
      ['DELETE', '/webhooks/not-an-id'],
    ] as const) {
      const response = await stranger(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe(webhookMessages.notFound);
    }
    expect(webhookListSchema.parse((await stranger('GET', '/webhooks')).json()).webhooks).toEqual(
      [],
    );

    const deleted = await call('DELETE', `/webhooks/${created.id}`);
    expect(deleted.json()).toEqual({ message: webhookMessages.deleted });
    expect((await call('DELETE', `/webhooks/${created.id}`)).statusCode).toBe(404);
  });

  it('answers 401 without a login token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/webhooks' });
    expect(response.statusCode).toBe(401);
  });
});

const emitter = () => createWebhookEvents({ db: t.db, clock: t.clock, jobs: t.jobs });
const lookalikeDone = (id: string) => ({
  lookalike_id: id,
  name: id,
  total: 3,
  completed: '2026-11-27T10:00:00.000Z',
});

describe('delivery', () => {
  it("'Send test' delivers a signed webhook.test event, says so and shows it in the deliveries", async () => {
    const created = await addWebhook(call, receiver.url, [...webhookEvents]);
    const before = receiver.received.length;
    const sent = await call('POST', `/webhooks/${created.id}/test`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(webhookTestResultSchema.parse(sent.json())).toEqual({
      delivered: true,
      status_code: 200,
      message: webhookMessages.testSent,
    });

    // Tried while the caller waited: received and recorded before the answer.
    expect(receiver.received).toHaveLength(before + 1);
    const event = verifiedEvent(receiver.received[before] as Received, created.secret);
    expect(event).toMatchObject({
      type: 'webhook.test',
      data: { webhook_id: created.id },
    });
    expect(await deliveriesOf(created.id)).toEqual([
      expect.objectContaining({
        event: 'webhook.test',
        event_id: event.id,
        attempt: 1,
        status_code: 200,
        error: null,
      }),
    ]);
  });

  it.each([
    [500, false, 'Test failed: your endpoint answered 500.'],
    [204, true, webhookMessages.testSent],
  ])(
    "'Send test' to an endpoint answering %i says whether it was delivered, in words",
    async (status, delivered, message) => {
      const own = await startReceiver(() => status);
      try {
        const created = await addWebhook(call, own.url, ['lookalike.completed']);
        const sent = await call('POST', `/webhooks/${created.id}/test`);
        expect(sent.statusCode, sent.body).toBe(200);
        expect(webhookTestResultSchema.parse(sent.json())).toEqual({
          delivered,
          status_code: status,
          message,
        });
        expect(own.received).toHaveLength(1);
        const [row] = await deliveriesOf(created.id);
        expect(row).toMatchObject({ event: 'webhook.test', status_code: status });
      } finally {
        await own.stop();
      }
    },
  );

  it("'Send test' to a URL that does not answer says why", async () => {
    const closed = await startReceiver();
    await closed.stop();
    const created = await addWebhook(call, closed.url, ['lookalike.completed']);
    const sent = await call('POST', `/webhooks/${created.id}/test`);
    const result = webhookTestResultSchema.parse(sent.json());
    expect(result).toMatchObject({ delivered: false, status_code: null });
    expect(result.message).toMatch(/^Test failed: Could not reach the URL \(.+\)\.$/);
  });

  it('retries after a 500 with the same event id, and shows both attempts', async () => {
    const flaky = await startReceiver((nth) => (nth === 1 ? 500 : 204));
    try {
      const created = await addWebhook(call, flaky.url, ['lookalike.completed']);
      await emitter().emit(userId, 'lookalike.completed', lookalikeDone('retried'));
      await vi.waitFor(
        () => {
          if (flaky.received.length < 2) throw new Error('no retry yet');
        },
        { timeout: 30_000, interval: 100 },
      );
      const [first, second] = flaky.received.map((delivery) =>
        verifiedEvent(delivery, created.secret),
      );
      expect(second?.id).toBe(first?.id);
      const rows = await vi.waitFor(
        async () => {
          const found = await deliveriesOf(created.id);
          if (found.length < 2) throw new Error('second attempt not recorded yet');
          return found;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(rows.map((row) => [row.attempt, row.status_code, row.event_id])).toEqual([
        [2, 204, first?.id],
        [1, 500, first?.id],
      ]);
      expect(rows[1]?.error).toBe('receiver says no');
    } finally {
      await flaky.stop();
    }
  });

  it("tries 'Send test' once: a failing receiver neither gets a retry nor starts the day that turns the webhook off", async () => {
    const failing = await startReceiver(() => 500);
    try {
      const created = await addWebhook(call, failing.url, ['lookalike.completed']);
      const deps = {
        db: t.db,
        clock: t.clock,
        box: t.mailConnections.box,
        mailer: createMailer({ smtpUrl: undefined, mailFrom: t.config.mailFrom, db: t.db }),
        allowPrivateHosts: true,
        publicUrl: t.config.publicUrl,
      };
      const hook = { webhookId: created.id };
      const sent = await call('POST', `/webhooks/${created.id}/test`);
      expect(webhookTestResultSchema.parse(sent.json()).delivered).toBe(false);
      const failingSince = async () =>
        (await t.db.select().from(webhooks).where(eq(webhooks.id, created.id)))[0]?.failingSince;
      expect(await failingSince()).toBeNull();
      expect(failing.received).toHaveLength(1);
      // A real event to the same receiver is retried, and the failing day starts.
      const real = newEvent(t.clock, 'lookalike.completed', lookalikeDone('real'));
      expect(await deliverEvent(deps, { ...hook, event: real }, 1)).toBe('retry');
      expect(await failingSince()).not.toBeNull();
    } finally {
      await failing.stop();
    }
  });

  it('keeps a webhook on when the e-mail saying it is turned off cannot go, so the retry tells its owner', async () => {
    const failing = await startReceiver(() => 500);
    try {
      const owner = await activeUser(t);
      const created = await addWebhook(callAs(t, owner.token), failing.url, [
        'lookalike.completed',
      ]);
      const deps = (smtpUrl: string | undefined) => ({
        db: t.db,
        clock: t.clock,
        box: t.mailConnections.box,
        // Nothing listens on port 9 of loopback: the SMTP connection is refused.
        mailer: createMailer({ smtpUrl, mailFrom: t.config.mailFrom, db: t.db }),
        allowPrivateHosts: true,
        publicUrl: t.config.publicUrl,
      });
      const job = {
        webhookId: created.id,
        event: newEvent(t.clock, 'lookalike.completed', lookalikeDone('mail-down')),
      };
      expect(await deliverEvent(deps(undefined), job, 1)).toBe('retry');
      t.clock.advance(24 * 3600_000 + 60_000);
      const enabled = async () =>
        (await t.db.select().from(webhooks).where(eq(webhooks.id, created.id)))[0]?.enabled;

      await expect(deliverEvent(deps('smtp://127.0.0.1:9'), job, 2)).rejects.toThrow();
      expect(await enabled()).toBe(true);

      expect(await deliverEvent(deps(undefined), job, 3)).toBe('disabled');
      expect(await enabled()).toBe(false);
      const mail = await t.outbox.latestTo(owner.username.toLowerCase());
      expect(mail?.subject).toBe('Mailhound turned off a webhook');
    } finally {
      await failing.stop();
    }
  });

  it('keeps a user at WEBHOOKS_MAX webhooks when several are added at once', async () => {
    const user = await activeUser(t);
    const userCall = callAs(t, user.token);
    // WEBHOOKS_MAX − 1 already (stored directly: the route allows ten additions a minute).
    await t.db.insert(webhooks).values(
      Array.from({ length: WEBHOOKS_MAX - 1 }, () => {
        const id = randomUUID();
        return {
          id,
          userId: user.id,
          url: receiver.url,
          events: ['lookalike.completed' as const],
          secretEncrypted: t.mailConnections.box.seal('whsec_test', id),
        };
      }),
    );
    // Inserts wait behind a held lock until all three requests have counted and are waiting
    // (on the table, or on the user's turn): every count is taken before any insert lands.
    const holder = await t.pool.connect();
    await holder.query('begin');
    await holder.query('lock table webhooks in share row exclusive mode');
    const sent = Promise.all(
      [1, 2, 3].map(() =>
        userCall('POST', '/webhooks', { url: receiver.url, events: ['lookalike.completed'] }),
      ),
    );
    await vi.waitFor(
      async () => {
        const waiting = await t.pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        expect(waiting.rows[0]?.n).toBe(3);
      },
      { timeout: 20_000, interval: 20 },
    );
    await holder.query('rollback');
    holder.release();
    const answers = await sent;
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(
      webhookMessages.tooMany,
    );
    const [stored] = await t.db
      .select({ total: count() })
      .from(webhooks)
      .where(eq(webhooks.userId, user.id));
    expect(stored?.total).toBe(WEBHOOKS_MAX);
  });

  it("limits 'Send test' and adding webhooks per user: a 429 in words past ten a minute", async () => {
    const own = await startReceiver();
    try {
      const user = await activeUser(t);
      const userCall = callAs(t, user.token);
      const created = await addWebhook(userCall, own.url, ['lookalike.completed']);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await userCall('POST', `/webhooks/${created.id}/test`)).statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(200), 429]);
      const refused = await userCall('POST', `/webhooks/${created.id}/test`);
      expect(refused.json().message).toContain(webhookMessages.tooManyCalls);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await own.stop();
    }
  });

  it('queues an event in the transaction that makes it true: one rolled back sends nothing', async () => {
    const own = await startReceiver();
    const created = await addWebhook(call, own.url, ['campaign.paused']);
    const events = createWebhookEvents({ db: t.db, clock: t.clock, jobs: t.jobs });
    const paused = (campaign: string) =>
      ({ campaign_id: campaign, name: campaign, reason: 'automatic', detail: null }) as const;
    await expect(
      t.db.transaction(async (tx) => {
        await events.emit(userId, 'campaign.paused', paused('rolled-back'), tx);
        throw new Error('the pause failed');
      }),
    ).rejects.toThrow('the pause failed');
    await t.db.transaction((tx) => events.emit(userId, 'campaign.paused', paused('committed'), tx));

    const sent = () =>
      own.received
        .map((delivery) => verifiedEvent(delivery, created.secret))
        .filter((event) => event.type === 'campaign.paused')
        .map((event) => (event.data as { campaign_id: string }).campaign_id);
    await vi.waitFor(
      () => {
        if (!sent().includes('committed')) throw new Error('not delivered yet');
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(sent()).toEqual(['committed']);
    expect(await deliveriesOf(created.id)).toHaveLength(1);
    await own.stop();
  });

  it('follows no redirect: a 3xx is a failed attempt and its Location gets nothing', async () => {
    const moved = await startReceiver(() => 302);
    moved.location = receiver.url;
    try {
      const created = await addWebhook(call, moved.url, ['email.replied']);
      const before = receiver.received.length;
      await call('POST', `/webhooks/${created.id}/test`);
      const [attempt] = await vi.waitFor(
        async () => {
          const rows = await deliveriesOf(created.id);
          if (rows.length === 0) throw new Error('no attempt yet');
          return rows;
        },
        { timeout: 20_000, interval: 50 },
      );
      expect(attempt).toMatchObject({ attempt: 1, status_code: 302 });
      expect(moved.received).toHaveLength(1);
      expect(receiver.received).toHaveLength(before);
      await call('PATCH', `/webhooks/${created.id}`, { enabled: false });
    } finally {
      await moved.stop();
    }
  });

  it('reads no more than the start of an answer that does not end', async () => {
    // Answers 500, then writes without end: only its first kilobytes are read.
    const endless = http.createServer((_request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(1024);
      const timer = setInterval(() => response.write(chunk), 5);
      response.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/hooks`;
      const created = await addWebhook(call, url, ['email.replied']);
      await call('POST', `/webhooks/${created.id}/test`);
      const [attempt] = await vi.waitFor(
        async () => {
          const rows = await deliveriesOf(created.id);
          if (rows.length === 0) throw new Error('no attempt yet');
          return rows;
        },
        { timeout: 20_000, interval: 50 },
      );
      expect(attempt).toMatchObject({ attempt: 1, status_code: 500 });
      expect(attempt?.error).toMatch(/^x{300}$/);
      await call('PATCH', `/webhooks/${created.id}`, { enabled: false });
    } finally {
      endless.closeAllConnections();
      await new Promise<void>((resolve) => endless.close(() => resolve()));
    }
  });

  it('keeps and shows the last 50 attempts of a webhook', async () => {
    // A user of its own: no other webhook hears these events.
    const user = await activeUser(t);
    const userCall = callAs(t, user.token);
    const created = await addWebhook(userCall, receiver.url, ['lookalike.completed']);
    const events = emitter();
    for (let sent = 0; sent < 51; sent += 1) {
      await events.emit(user.id, 'lookalike.completed', lookalikeDone(`kept-${sent}`));
    }
    await vi.waitFor(
      async () => {
        const [row] = await t.db
          .select({ total: count() })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.webhookId, created.id));
        // 51 attempts made, the oldest removed.
        if (receiver.received.filter((r) => r.body.includes('"kept-')).length < 51) {
          throw new Error('not all delivered yet');
        }
        expect(row?.total).toBe(50);
      },
      { timeout: 60_000, interval: 100 },
    );
    const shown = await userCall('GET', `/webhooks/${created.id}/deliveries`);
    expect(webhookDeliveriesSchema.parse(shown.json()).deliveries).toHaveLength(50);
  }, 90_000);

  it('turns off a URL that has failed for 24 hours and tells its owner by e-mail', async () => {
    const failing = await startReceiver(() => 500);
    try {
      const owner = await activeUser(t);
      const ownerCall = callAs(t, owner.token);
      const created = await addWebhook(ownerCall, failing.url, ['lookalike.completed']);
      await emitter().emit(owner.id, 'lookalike.completed', lookalikeDone('failing'));
      await vi.waitFor(
        async () => {
          const [row] = await t.db.select().from(webhooks).where(eq(webhooks.id, created.id));
          if (!row?.failingSince) throw new Error('no failed attempt yet');
        },
        { timeout: 20_000, interval: 50 },
      );
      // Failing, but not for a day yet: still on.
      expect(failing.received.length).toBeGreaterThanOrEqual(1);
      t.clock.advance(24 * 3600_000 + 60_000);

      const turnedOff = await vi.waitFor(
        async () => {
          const listed = webhookListSchema.parse((await ownerCall('GET', '/webhooks')).json());
          const hook = listed.webhooks.find((found) => found.id === created.id);
          if (hook?.enabled !== false) throw new Error('still on');
          return hook;
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(turnedOff.disabled_reason).toBe(webhookMessages.disabledAfterFailures);
      // The e-mail goes once the webhook is off: wait for it, not for the list alone.
      const mail = await vi.waitFor(
        async () => {
          const latest = await t.outbox.latestTo(owner.username.toLowerCase());
          if (latest?.subject !== 'Mailhound turned off a webhook')
            throw new Error('no e-mail yet');
          return latest;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(mail?.body).toContain(failing.url);
      expect(mail?.body).toContain(webhookMessages.disabledAfterFailures);

      // 'Send test' still reaches a webhook that is off, once, to check a fixed receiver.
      const before = failing.received.length;
      failing.answer = () => 200;
      await ownerCall('POST', `/webhooks/${created.id}/test`);
      await vi.waitFor(
        () => {
          if (failing.received.length === before) throw new Error('no test delivery yet');
        },
        { timeout: 20_000, interval: 50 },
      );
      // The simulated clock stands still, so the attempt is found by its answer, not its time.
      const delivered = await vi.waitFor(
        async () => {
          const response = await ownerCall('GET', `/webhooks/${created.id}/deliveries`);
          const rows = webhookDeliveriesSchema.parse(response.json()).deliveries;
          const found = rows.find((row) => row.status_code === 200);
          if (!found) throw new Error('not recorded yet');
          return found;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(delivered).toMatchObject({ event: 'webhook.test', attempt: 1 });

      // Turned back on, it starts afresh: no reason shown.
      const on = await ownerCall('PATCH', `/webhooks/${created.id}`, { enabled: true });
      expect(webhookSchema.parse(on.json())).toMatchObject({
        enabled: true,
        disabled_reason: null,
      });
    } finally {
      await failing.stop();
    }
  });
});
