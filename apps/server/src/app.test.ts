import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { systemClock } from './platform/clock.ts';
import { createDb } from './platform/database.ts';
import { createMailer } from './platform/mailer.ts';
import { loneSurrogateMessage } from './platform/unstorable-text.ts';
import { activeUser } from './test/auth-fixtures.ts';
import {
  concretePath,
  documentedOperations,
  leafPaths,
  sampleOf,
  withValue,
} from './test/openapi-operations.ts';
import { createTestContext, type TestContext } from './test/test-context.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ env: { BODY_LIMIT_BYTES: '2048' } });
});
afterAll(() => t.close());

describe('the platform', () => {
  it('answers /healthz with ok while the database is reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI document at /api/docs listing the auth routes', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, object> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/signup',
        '/api/auth/login',
        '/api/auth/user',
        '/api/auth/user/balance',
        '/api/auth/user/password',
        '/api/auth/password/forgot',
        '/api/auth/password/reset',
        '/api/auth/verify-email',
        '/api/auth/resend-verification-email',
        '/api/auth/google/url',
        '/api/auth/google',
        '/api/events',
        '/api/person/emails-found',
      ]),
    );
    expect(Object.keys(document.paths['/api/auth/user'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'patch', 'delete']),
    );
    // Routes that need the token say so.
    expect(document.paths['/api/auth/user/balance']).toMatchObject({
      get: { security: [{ token: [] }] },
    });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/no-such-thing not found',
    });
  });

  it('answers /dev/outbox as an HTML page while mail stays in the outbox', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Outbox');
  });
});

describe('/healthz without a database', () => {
  it('answers 503', async () => {
    const pool = new pg.Pool({
      connectionString: 'postgres://nobody@127.0.0.1:1/none',
      connectionTimeoutMillis: 1000,
    });
    const db = createDb(pool);
    const app = await buildApp({
      config: t.config,
      db,
      clock: systemClock,
      mailer: createMailer({ smtpUrl: undefined, mailFrom: t.config.mailFrom, db }),
      logger: false,
    });
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    await app.close();
    await pool.end();
  });
});

describe('bad input', () => {
  const signUp = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': contentType },
      payload,
    });

  it('refuses malformed JSON with 400 and writes nothing', async () => {
    const before = await t.countRows('users');
    const response = await signUp('{"username": "ann@acme.com",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON.',
    });
    expect(await t.countRows('users')).toBe(before);
  });

  it('refuses a body over BODY_LIMIT_BYTES with 413', async () => {
    const before = await t.countRows('users');
    const response = await signUp(
      JSON.stringify({
        username: 'ann@acme.com',
        password: 'Secret1',
        fname: 'x'.repeat(4000),
        lname: 'Lee',
      }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request body is larger than 2 KB.',
    });
    expect(await t.countRows('users')).toBe(before);
  });

  it('refuses a NUL character in the body, query or path with a 400 and writes nothing', async () => {
    const before = await t.countRows('users');
    const response = await signUp(
      JSON.stringify({
        username: 'nul@acme.com',
        password: 'Secret1',
        fname: 'A\u0000n',
        lname: 'Lee',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Text cannot contain the NUL character (\\u0000).',
    });
    expect(await t.countRows('users')).toBe(before);
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/search-history/single?userId=a%00b',
    });
    expect(query.statusCode).toBe(400);
    const { token } = await activeUser(t);
    const path = await t.app.inject({
      method: 'GET',
      url: '/api/search-history/bulk/a%00b',
      headers: { authorization: token },
    });
    expect(path.statusCode).toBe(400);
  });

  it('refuses a lone surrogate in the body with a 400 in words and writes nothing', async () => {
    const before = await t.countRows('analytics_events');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "clicked", "properties": {"label": "Sign up \\ud800"}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message:
        'Text must be valid Unicode: it cannot contain a lone surrogate (\\ud800 to \\udfff).',
    });
    expect(await t.countRows('analytics_events')).toBe(before);
  });

  it('names an unknown field', async () => {
    const response = await signUp(
      JSON.stringify({
        username: 'ann@acme.com',
        password: 'Secret1',
        fname: 'Ann',
        lname: 'Lee',
        admin: true,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unknown field in the body: admin');
  });

  it('names a field of the wrong type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { name: 'clicked', properties: 'not an object' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('properties must be an object');
  });

  // A wrong type is not a missing field, and a missing field is named (the spec's bare
  // 'This field is required' stays for an empty one).
  it.each([
    [
      'PATCH',
      '/api/mail/mailboxes/{id}/settings',
      { emails_limit: 'x' },
      'emails_limit must be a number',
    ],
    ['POST', '/api/api-keys', { name: 123 }, 'name must be a string'],
    ['POST', '/api/mail/customers/{id}/notes', { note: 'x' }, 'text is required'],
    ['POST', '/api/mail/customers/{id}/notes', { text: '' }, 'This field is required'],
  ])('%s %s %j answers 400 %j', async (method, path, payload, message) => {
    const user = await activeUser(t);
    const response = await t.app.inject({
      method: method as 'PATCH' | 'POST',
      url: path.replace('{id}', '00000000-0000-4000-8000-000000000000'),
      headers: { authorization: `Bearer ${user.token}` },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers a missing body with a clear 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The body must be a JSON object');
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await signUp('username=ann', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
  });
});

// api-spec §8 and §4: a call that needs a token answers 401 'User unauthorized.' without one,
// whatever its payload: the token is checked before the body, the query or the path.
describe('every call that needs a token', () => {
  it('answers 401 without one, even with a payload it would refuse', async () => {
    const calls = (await documentedOperations(t)).filter((operation) => operation.needsToken);
    expect(calls.length).toBeGreaterThan(50);
    const answered: string[] = [];
    for (const { method, path } of calls) {
      const url = `${concretePath(path, ' ')}?page=-1&perPage=x&key=a%00b`;
      const bad = await t.app.inject({
        method,
        url,
        ...(method === 'GET' || method === 'DELETE'
          ? {}
          : { payload: { unexpected: ['Ann\ud800'] } }),
      });
      answered.push(`${method} ${path} ${bad.statusCode}`);
    }
    expect(answered.filter((line) => !line.endsWith(' 401'))).toEqual([]);
  });
});

// PostgreSQL text and jsonb cannot store a lone UTF-16 surrogate, which a JSON body can carry
// as "\ud800": every call refuses one in any string of its body with a 400, before it reaches
// the database (a campaign's step, an event's properties, an unsubscribe comment, a search).
describe('every call that takes text', () => {
  it('answers a lone surrogate in any string of its body with a 400', async () => {
    const { token } = await activeUser(t);
    const calls = (await documentedOperations(t)).filter((operation) => operation.body);
    expect(calls.length).toBeGreaterThan(40);
    const answered: string[] = [];
    for (const { method, path, body } of calls) {
      const sample = sampleOf(body ?? {});
      for (const at of leafPaths(sample, (leaf) => typeof leaf === 'string')) {
        const response = await t.app.inject({
          method,
          url: concretePath(path, '00000000-0000-4000-8000-000000000000'),
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(withValue(sample, at, 'Ann\ud800 Lee')),
        });
        // A search answers with an event stream, not JSON, when it takes the call.
        const json = String(response.headers['content-type']).startsWith('application/json');
        const message = json ? (response.json() as { message?: string }).message : response.body;
        answered.push(`${method} ${path} ${at.join('.')} ${response.statusCode} ${message}`);
      }
    }
    expect(answered.length).toBeGreaterThan(100);
    const refusal = `400 ${loneSurrogateMessage}`;
    expect(answered.filter((line) => !line.endsWith(refusal))).toEqual([]);
  });

  // A URL cannot carry a lone surrogate (its UTF-8 does not exist); what a client makes of one,
  // U+FFFD or the bytes of its CESU-8 form left percent-encoded, is text like any other.
  it('never fails on a lone surrogate in a query parameter', async () => {
    const { token } = await activeUser(t);
    const answered: string[] = [];
    for (const { method, path, query } of await documentedOperations(t)) {
      for (const { name } of query) {
        for (const value of ['Ann\ud800', 'Ann%ED%A0%80']) {
          const response = await t.app.inject({
            method,
            url: `${concretePath(path, '00000000-0000-4000-8000-000000000000')}?${name}=${value}`,
            headers: { authorization: `Bearer ${token}` },
          });
          answered.push(`${method} ${path} ${name}=${value} ${response.statusCode}`);
        }
      }
    }
    expect(answered.length).toBeGreaterThan(50);
    expect(answered.filter((line) => / 5\d\d$/.test(line))).toEqual([]);
  });
});

describe('the built web app', () => {
  let web: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'mailhound-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    web = await createTestContext({ serveWeb: true, env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves files and falls back to index.html for client-side routes', async () => {
    const asset = await web.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    for (const url of ['/', '/search/single', '/auth/reset-password?token=abc']) {
      const page = await web.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<div id="root">');
    }
  });

  it('answers 404 for a missing file, not the app page', async () => {
    for (const url of ['/assets/app-old.js', '/favicon.ico', '/robots.txt']) {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    }
    // A client route may hold a dot: a company page by its domain.
    const page = await web.app.inject({ method: 'GET', url: '/company/acme.com' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('keeps JSON 404s for /api and /dev paths', async () => {
    for (const url of ['/api/nothing', '/dev/nothing']) {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().statusCode).toBe(404);
    }
  });

  it('answers an unknown /v2 path as the public API does: a JSON 404, never the app page', async () => {
    // A Hunter client that misspells an endpoint must get the API's error, not HTML.
    for (const url of ['/v2/email-finderr?api_key=nope', '/v2/leads']) {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toMatchObject({ errors: [expect.any(Object)] });
    }
  });
});

describe('with SMTP_URL set', () => {
  it('has no /dev/outbox page', async () => {
    const smtp = await createTestContext({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    const response = await smtp.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(response.statusCode).toBe(404);
    await smtp.close();
  });
});
