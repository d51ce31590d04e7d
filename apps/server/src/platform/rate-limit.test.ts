import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { multipart } from '../features/bulk/bulk.test-kit.ts';
import { activeUser } from '../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../test/test-context.ts';
import { createDb } from './database.ts';
import type { App } from './http.ts';
import { createMailer } from './mailer.ts';
import { purgeExpiredCounters } from './rate-limit.ts';

const limits = { loginPerIp: 3, uploadsPerHour: 3, eventsPerMinute: 3 };

let t: TestContext;
// A second API process on the same database.
let second: App;
let secondPool: pg.Pool;

beforeAll(async () => {
  t = await createTestContext({ rateLimits: limits });
  secondPool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 });
  secondPool.on('error', () => undefined);
  const db = createDb(secondPool);
  second = await buildApp({
    config: t.config,
    db,
    clock: t.clock,
    mailer: createMailer({ smtpUrl: undefined, mailFrom: t.config.mailFrom, db }),
    logger: false,
    rateLimits: limits,
  });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await secondPool.end();
  await t.close();
});

describe('limits kept in PostgreSQL', () => {
  it('hold across two API processes on the same database', async () => {
    const attempt = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'ann@acme.com', password: 'Whatever1' },
        remoteAddress: '192.0.2.50',
      });
    expect((await attempt(t.app)).statusCode).toBe(401);
    expect((await attempt(second)).statusCode).toBe(401);
    expect((await attempt(t.app)).statusCode).toBe(401);
    const refused = await attempt(second);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
  });

  it('the sweep deletes the windows that have ended', async () => {
    t.clock.advance(60 * 60_000);
    await purgeExpiredCounters(t.db, t.clock.now());
    expect(await t.countRows('rate_limit_counters')).toBe(0);
  });
});

describe('uploads per user', () => {
  it('refuses the 4th upload in an hour (bulk, look-alike and contact imports together) with Retry-After', async () => {
    const user = await activeUser(t);
    const file = (url: string, token = user.token) => {
      const body = multipart('list.csv', 'first name,last name,domain\nAnn,Lee,acme.com\n');
      return t.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...body.headers, authorization: token },
      });
    };
    const contactImport = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/mail/customers/create-or-update',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { customers: [{ email: 'ann@acme.com', fname: 'Ann', lname: 'Lee' }] },
      });
    for (const response of [
      await file('/api/person/bulk'),
      await file('/api/lookalike'),
      await contactImport(),
    ]) {
      expect(response.statusCode, response.body).not.toBe(429);
    }
    const refused = await file('/api/person/bulk');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many uploads: at most 3 an hour. Please try again in 60 minutes.',
    });
    expect((await contactImport()).statusCode).toBe(429);

    const other = await activeUser(t);
    expect((await file('/api/person/bulk', other.token)).statusCode).not.toBe(429);
  });
});

describe('POST /api/events per client address', () => {
  it('refuses an address over its budget, not the others', async () => {
    const send = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/events',
        payload: { name: 'page_view' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i += 1) expect((await send('203.0.113.9')).statusCode).toBe(204);
    const refused = await send('203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json().message).toBe(
      'Too many events from this address. Please try again in 1 minute.',
    );
    expect((await send('203.0.113.10')).statusCode).toBe(204);
  });
});
