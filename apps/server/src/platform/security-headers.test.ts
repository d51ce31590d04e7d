import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-context.ts';

let webDist: string;
let t: TestContext | undefined;

beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'mailhound-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Mailhound</title>');
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
afterEach(() => t?.close());

async function headersOf(env: Record<string, string>, url: string) {
  t = await createTestContext({ env: { WEB_DIST: webDist, ...env }, serveWeb: true });
  const response = await t.app.inject({ method: 'GET', url });
  return response.headers;
}

const directive = (policy: unknown, name: string) =>
  String(policy)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `) || part === name);

describe('security headers', () => {
  it.each([
    ['the web app', '/search/single'],
    ['an API answer', '/api/auth/user'],
    ['an API error', '/api/no-such-route'],
    ['the API docs', '/api/docs/static/index.html'],
  ])(
    '%s: no framing, no sniffing, a strict referrer and a CSP; no HSTS by default',
    async (_what, url) => {
      const headers = await headersOf({}, url);
      expect(directive(headers['content-security-policy'], 'frame-ancestors')).toBe(
        "frame-ancestors 'none'",
      );
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['strict-transport-security']).toBeUndefined();
      expect(directive(headers['content-security-policy'], 'upgrade-insecure-requests')).toBe(
        undefined,
      );
    },
  );

  it('the web app may run only its own scripts; styles may be inline (Mantine)', async () => {
    const policy = (await headersOf({}, '/'))['content-security-policy'];
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(directive(policy, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'frame-src')).toBe("frame-src 'none'");
  });

  it("allows Stripe's embedded checkout only when Stripe is configured", async () => {
    const policy = (await headersOf({ STRIPE_SECRET_KEY: 'sk_test_123' }, '/'))[
      'content-security-policy'
    ];
    expect(directive(policy, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(policy, 'frame-src')).toContain('https://js.stripe.com');
  });

  it('HSTS=true pins browsers to HTTPS for a year and upgrades insecure requests', async () => {
    const headers = await headersOf({ HSTS: 'true' }, '/');
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directive(headers['content-security-policy'], 'upgrade-insecure-requests')).toBe(
      'upgrade-insecure-requests',
    );
  });
});
