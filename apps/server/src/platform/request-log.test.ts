import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestContext, type TestContext } from '../test/test-context.ts';
import type { App } from './http.ts';
import { redactedUrl } from './logger.ts';
import { createMailer } from './mailer.ts';

let t: TestContext;
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestContext();
  // The process's logger as `mailhound api` builds it, writing where the test can read.
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  app = await buildApp({
    config: t.config,
    db: t.db,
    clock: t.clock,
    mailer: createMailer({ smtpUrl: undefined, mailFrom: t.config.mailFrom, db: t.db }),
    mailConnections: t.mailConnections,
    logger,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('the request log', () => {
  it('never holds an API key or a token given in the query, only that one was given', async () => {
    const key = 'mh_0123456789abcdefSECRETKEYVALUE';
    await app.inject({ method: 'GET', url: `/v2/account?api_key=${key}&domain=acme.com` });
    await app.inject({ method: 'GET', url: '/api/search-history/single?TOKEN=tok-SECRET-1' });
    const logged = lines.join('');
    expect(logged).toContain('/v2/account?api_key=[redacted]&domain=acme.com');
    expect(logged).toContain('TOKEN=[redacted]');
    expect(logged).not.toContain('SECRETKEYVALUE');
    expect(logged).not.toContain('tok-SECRET-1');
  });

  it('keeps every other parameter as sent, and a URL without a query as it is', () => {
    expect(redactedUrl('/v2/email-finder?domain=a.com&first_name=Ann')).toBe(
      '/v2/email-finder?domain=a.com&first_name=Ann',
    );
    expect(redactedUrl('/healthz')).toBe('/healthz');
    expect(redactedUrl('/x?api%5Fkey=abc&key')).toBe('/x?api%5Fkey=[redacted]&key=[redacted]');
  });
});
