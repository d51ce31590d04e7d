import { randomUUID } from 'node:crypto';
import { webhookDeliveriesSchema, webhookMessages } from '@mailhound/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { webhooks } from './schema.ts';
import { callAs, type Receiver, startReceiver, type UserCall } from './webhooks.test-kit.ts';

// Without WEBHOOK_ALLOW_PRIVATE_HOSTS, as in production.
let t: TestContext;
let receiver: Receiver;
let call: UserCall;
let userId: string;

beforeAll(async () => {
  [t, receiver] = await Promise.all([createTestContext({ jobs: true }), startReceiver()]);
  const user = await activeUser(t);
  userId = user.id;
  call = callAs(t, user.token);
}, 120_000);
afterAll(async () => {
  await Promise.all([t?.close(), receiver?.stop()]);
});

describe('webhooks to private addresses', () => {
  it.each([
    () => receiver.url,
    () => 'http://localhost:8080/hooks',
    () => 'http://[::1]/hooks',
    () => 'https://10.1.2.3/hooks',
  ])('refuses a URL on a private or local host when it is added (%#)', async (url) => {
    const response = await call('POST', '/webhooks', { url: url(), events: ['bulk.completed'] });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(webhookMessages.privateAddress);
    expect(await t.countRows('webhooks')).toBe(0);
  });

  it.each([
    ['an address', () => receiver.url],
    // A name looked up at delivery (DNS rebinding): it resolves to the receiver's loopback.
    ['a host name', () => receiver.url.replace('127.0.0.1', 'localhost')],
  ])(
    'delivers nothing to %s that resolves to a private address at delivery time',
    async (_kind, url) => {
      // Saved while its name was public; the name now points to a loopback address.
      const id = randomUUID();
      await t.db.insert(webhooks).values({
        id,
        userId,
        url: url(),
        events: ['bulk.completed'],
        secretEncrypted: t.mailConnections.box.seal('whsec_test', id),
      });
      await call('POST', `/webhooks/${id}/test`);
      const [attempt] = await vi.waitFor(
        async () => {
          const response = await call('GET', `/webhooks/${id}/deliveries`);
          const { deliveries } = webhookDeliveriesSchema.parse(response.json());
          if (deliveries.length === 0) throw new Error('no attempt yet');
          return deliveries;
        },
        { timeout: 20_000, interval: 50 },
      );
      expect(attempt).toMatchObject({
        event: 'webhook.test',
        status_code: null,
        error: webhookMessages.privateAddress,
      });
      expect(receiver.received).toEqual([]);
    },
  );
});
