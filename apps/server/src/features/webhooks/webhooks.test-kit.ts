import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookCreated,
  type WebhookEvent,
  type WebhookEventBody,
  webhookCreatedSchema,
  webhookEventBodySchema,
} from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from '../../test/test-context.ts';
import { webhookDeliveryQueue } from './emit.ts';

export type Received = { headers: http.IncomingHttpHeaders; body: string };

// A loopback HTTP receiver, as a user's endpoint: it records every request and answers with
// the status `answer` gives for the request's position (1 for the first), and with `location`
// as its Location header when set.
export type Receiver = {
  url: string;
  received: Received[];
  answer: (nth: number) => number;
  location?: string;
  stop: () => Promise<void>;
};

export async function startReceiver(answer: (nth: number) => number = () => 200) {
  const received: Received[] = [];
  const receiver: Receiver = { url: '', received, answer, stop: async () => undefined };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = receiver.answer(received.length);
      if (receiver.location) response.setHeader('location', receiver.location);
      response.end(response.statusCode >= 300 ? 'receiver says no' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

// What a receiver does with a delivery: checks the signature over `t.body` with the secret
// and reads the body, which must match the contracts' schema of its event.
export function verifiedEvent(delivery: Received, secret: string): WebhookEventBody {
  const header = String(delivery.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(match, header).not.toBeNull();
  const [, t, v1] = match as RegExpExecArray;
  const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest();
  expect(timingSafeEqual(expected, Buffer.from(v1 as string, 'hex'))).toBe(true);
  const event = webhookEventBodySchema.parse(JSON.parse(delivery.body));
  expect(delivery.headers[WEBHOOK_EVENT_ID_HEADER.toLowerCase()]).toBe(event.id);
  return event;
}

export type UserCall = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => Promise<LightMyRequestResponse>;

// A client of /api with a user's token.
export function callAs(t: TestContext, token: string): UserCall {
  return (method, url, payload) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
}

export async function addWebhook(
  call: UserCall,
  url: string,
  events: WebhookEvent[],
): Promise<WebhookCreated> {
  const response = await call('POST', '/webhooks', { url, events });
  expect(response.statusCode, response.body).toBe(201);
  return webhookCreatedSchema.parse(response.json());
}

// The e-mail addresses of the deliveries queued for an event type, one per delivery: queued in
// the transaction that makes the event true, so a count here is final once that has committed,
// before any delivery has been attempted.
export async function queuedDeliveries(t: TestContext, type: WebhookEvent): Promise<string[]> {
  const rows = await t.db.execute<{ email: string | null }>(sql`
    select data->'event'->'data'->>'email' as email from pgboss.job
    where name = ${webhookDeliveryQueue} and data->'event'->>'type' = ${type}
    order by created_on`);
  return rows.rows.map((row) => row.email ?? '');
}
