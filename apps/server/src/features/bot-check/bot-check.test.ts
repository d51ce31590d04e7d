import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { solvedAltcha } from '../search/search.test-kit.ts';
import { createBotCheck, deleteExpiredBotChecks } from './bot-check.ts';
import { usedBotChecks } from './schema.ts';

describe('ALTCHA (the default)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      env: { ALTCHA_HMAC_KEY: 'altcha-test-key-long-enough-to-sign', ALTCHA_MAX_NUMBER: '20' },
    });
  });
  afterAll(() => t.close());

  it('tells the web to show ALTCHA and serves signed, expiring challenges', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/bot-check/config' });
    expect(settings.json()).toEqual({ provider: 'altcha' });
    const response = await t.app.inject({ method: 'GET', url: '/api/bot-check/challenge' });
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json();
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1 });
    expect(challenge.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it('accepts a solved challenge once, and keeps the used proof until it expires', async () => {
    const botCheck = createBotCheck({ config: t.config.botCheck, db: t.db, clock: t.clock });
    const payload = await solvedAltcha(t.app);
    expect(await botCheck.verify(payload, '10.0.0.1')).toBe(true);
    expect(await botCheck.verify(payload, '10.0.0.1')).toBe(false);
    expect(await botCheck.verify(undefined, '10.0.0.1')).toBe(false);

    expect(await deleteExpiredBotChecks(t.db, new Date())).toBe(0);
    expect(await deleteExpiredBotChecks(t.db, new Date(Date.now() + 11 * 60_000))).toBe(1);
    expect(await t.db.select().from(usedBotChecks)).toEqual([]);
  });

  it('refuses a challenge signed with another key', async () => {
    const other = await createTestContext({
      env: { ALTCHA_HMAC_KEY: 'another-key-that-signs-other-challenges', ALTCHA_MAX_NUMBER: '20' },
    });
    try {
      const foreign = await solvedAltcha(other.app);
      const botCheck = createBotCheck({ config: t.config.botCheck, db: t.db, clock: t.clock });
      expect(await botCheck.verify(foreign, '10.0.0.1')).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('Cloudflare Turnstile (when both keys are set)', () => {
  let t: TestContext;
  let siteverify: Server;
  const seen = new Set<string>();
  const calls: URLSearchParams[] = [];

  // A stand-in for siteverify: 'good-…' tokens pass once with the right secret.
  beforeAll(async () => {
    siteverify = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const form = new URLSearchParams(body);
        calls.push(form);
        const token = form.get('response') ?? '';
        const success =
          form.get('secret') === 'turnstile-secret' &&
          token.startsWith('good-') &&
          !seen.has(token);
        seen.add(token);
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            success,
            'error-codes': success ? [] : ['invalid-input-response'],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
    const { port } = siteverify.address() as AddressInfo;
    t = await createTestContext({
      env: {
        TURNSTILE_SITE_KEY: 'turnstile-site',
        TURNSTILE_SECRET_KEY: 'turnstile-secret',
        TURNSTILE_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
        ALTCHA_HMAC_KEY: 'altcha-test-key-long-enough-to-sign',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => siteverify.close(resolve));
  });

  it('tells the web to show Turnstile with the site key, and serves no ALTCHA challenge', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/bot-check/config' });
    expect(settings.json()).toEqual({ provider: 'turnstile', siteKey: 'turnstile-site' });
    const challenge = await t.app.inject({ method: 'GET', url: '/api/bot-check/challenge' });
    expect(challenge.statusCode).toBe(404);
  });

  it('asks siteverify with the secret and the client address; a token passes once', async () => {
    const botCheck = createBotCheck({ config: t.config.botCheck, db: t.db, clock: t.clock });
    expect(await botCheck.verify('good-1', '10.0.0.9')).toBe(true);
    expect(calls.at(-1)?.get('remoteip')).toBe('10.0.0.9');
    expect(await botCheck.verify('good-1', '10.0.0.9')).toBe(false);
    expect(await botCheck.verify('bad-1', '10.0.0.9')).toBe(false);
  });

  it('refuses a guest search whose Turnstile token fails, before any search', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/person/sse',
      payload: {
        firstName: 'Ann',
        lastName: 'Lee',
        companyWebsite: 'acme.test',
        userId: `guest_${randomUUID()}`,
        code: 'bad-2',
      },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe('Bot check failed. Please try again.');
    expect(await t.countRows('search_history')).toBe(0);
  });

  it('refuses when siteverify cannot be reached', async () => {
    const botCheck = createBotCheck({
      config: {
        ...t.config.botCheck,
        turnstile: {
          siteKey: 's',
          secretKey: 'turnstile-secret',
          verifyUrl: 'http://127.0.0.1:9/',
        },
      },
      db: t.db,
      clock: t.clock,
    });
    expect(await botCheck.verify('good-3', '10.0.0.9')).toBe(false);
  });
});
