import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { eventsCleanupQueue } from './jobs.ts';
import { analyticsEvents } from './schema.ts';

let collector: Server;
const received: unknown[] = [];
let t: TestContext;

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push(JSON.parse(body));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => collector.listen(0, '127.0.0.1', done));
  const { port } = collector.address() as AddressInfo;
  t = await createTestContext({
    jobs: true,
    env: { ANALYTICS_FORWARD_URL: `http://127.0.0.1:${port}/collect` },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((done) => collector.close(done));
});

const track = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/events', payload: payload as object, headers });

describe('POST /api/events', () => {
  it('records a guest event with its x-guest-id', async () => {
    const response = await track(
      { name: 'add_credits_clicked', properties: { from: 'top bar' } },
      { 'x-guest-id': 'guest_1d2c' },
    );
    expect(response.statusCode).toBe(204);
    const rows = await t.db.select().from(analyticsEvents);
    expect(rows.at(-1)).toMatchObject({
      name: 'add_credits_clicked',
      guestId: 'guest_1d2c',
      userId: null,
      properties: { from: 'top bar' },
    });
  });

  it('records the user id when a token is sent', async () => {
    const user = await activeUser(t);
    const response = await track({ name: 'logged_in' }, { authorization: user.token });
    expect(response.statusCode).toBe(204);
    const rows = await t.db.select().from(analyticsEvents);
    expect(rows.at(-1)).toMatchObject({ name: 'logged_in', userId: user.id, properties: {} });
  });

  it('forwards events to ANALYTICS_FORWARD_URL through a job', async () => {
    await track({ name: 'forward_me' });
    for (let waited = 0; waited < 10_000 && !received.some(isForwardMe); waited += 50) {
      await sleep(50);
    }
    expect(received.find(isForwardMe)).toMatchObject({ name: 'forward_me', properties: {} });
  });

  it.each([
    [{}, 'Event name must be 1 to 100 characters'],
    [{ name: '' }, 'Event name must be 1 to 100 characters'],
    [{ name: 'x'.repeat(101) }, 'Event name must be 1 to 100 characters'],
    [{ name: 'ok', extra: 1 }, 'Unknown field in the body: extra'],
  ])('answers 400 for %j and records nothing', async (payload, message) => {
    const before = await t.countRows('analytics_events');
    const response = await track(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await t.countRows('analytics_events')).toBe(before);
  });

  // Found by request-fuzz.test.ts: properties a few thousand levels deep exceeded
  // PostgreSQL's stack depth as jsonb, a 500.
  it('refuses properties nested more than 32 levels deep with a 400 and records nothing', async () => {
    const nested = (depth: number) =>
      `{"name": "clicked", "properties": ${'{"a":'.repeat(depth - 1)}1${'}'.repeat(depth - 1)}}`;
    const json = { 'content-type': 'application/json' };
    const before = await t.countRows('analytics_events');
    // 1,000 levels: deep, within the route's 8 KB body limit.
    const response = await track(nested(1000), json);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The request body is nested too deeply (more than 32 levels).',
    );
    expect(await t.countRows('analytics_events')).toBe(before);
    expect((await track(nested(32), json)).statusCode).toBe(204);
  });

  // Security review 2e: anyone could store up to 1 MB per event, kept for ever.
  it('refuses properties over 4 KB as JSON with a 400 and records nothing', async () => {
    const before = await t.countRows('analytics_events');
    // 4,096 bytes as JSON: {"a":"…"} around 4,088 characters.
    const fits = await track({ name: 'sized', properties: { a: 'x'.repeat(4088) } });
    expect(fits.statusCode).toBe(204);
    // Over 4 KB in bytes, not characters: 1,400 three-byte characters.
    const response = await track({ name: 'sized', properties: { a: '€'.repeat(1400) } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Event properties must be at most 4 KB as JSON');
    expect(await t.countRows('analytics_events')).toBe(before + 1);
  });

  it('answers a body over 8 KB with a 413 in words and records nothing', async () => {
    const before = await t.countRows('analytics_events');
    const response = await track({ name: 'big', properties: { a: 'x'.repeat(9000) } });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The request body is larger than 8 KB.');
    expect(await t.countRows('analytics_events')).toBe(before);
  });

  it('keeps events 90 days: the daily sweep deletes older ones', async () => {
    expect((await track({ name: 'old_event' })).statusCode).toBe(204);
    t.clock.advance(90 * 24 * 60 * 60_000 + 60_000);
    expect((await track({ name: 'new_event' })).statusCode).toBe(204);
    await t.jobs?.sendAndWait(eventsCleanupQueue, {});
    const names = (await t.db.select().from(analyticsEvents)).map((row) => row.name);
    expect(names).not.toContain('old_event');
    expect(names).toContain('new_event');
  });
});

function isForwardMe(event: unknown): boolean {
  return (event as { name?: string }).name === 'forward_me';
}
