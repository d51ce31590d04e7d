import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  describeConfig,
  loadConfig,
  repoRoot,
  serverVariableNames,
} from './config.ts';
import { testTempDir } from './test/temp-dir.ts';

describe('loadConfig', () => {
  it('has a safe default for every variable in embedded mode', () => {
    const dataDir = testTempDir('config');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      trustProxy: false,
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      dataDir,
      pgPort: 54329,
      tokenTtlSeconds: 7 * 86_400,
      smtpUrl: undefined,
      oidc: { issuer: 'https://accounts.google.com', clientId: undefined },
      defaultSections: ['mail'],
      analyticsForwardUrl: undefined,
      logLevel: 'info',
      logFormat: 'auto',
      webDist: join(repoRoot, 'apps/web/dist'),
      bodyLimitBytes: 1_048_576,
      seedDemo: true,
    });
  });

  it('generates JWT_SECRET once into DATA_DIR/jwt-secret with mode 600 and reuses it', () => {
    const dataDir = testTempDir('config');
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('resolves relative paths from the repository root, not the working directory', () => {
    const config = loadConfig({ DATA_DIR: './data', JWT_SECRET: 'x'.repeat(32), WEB_DIST: 'web' });
    expect(config.dataDir).toBe(join(repoRoot, 'data'));
    expect(config.webDist).toBe(join(repoRoot, 'web'));
  });

  it('reads durations, lists and booleans', () => {
    const config = loadConfig({
      JWT_SECRET: 'x'.repeat(32),
      TOKEN_TTL: '12h',
      DEFAULT_SECTIONS: 'mail, leads,,',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'https://app.example.com/',
    });
    expect(config.tokenTtlSeconds).toBe(12 * 3600);
    expect(config.defaultSections).toEqual(['mail', 'leads']);
    expect(config.seedDemo).toBe(false);
    expect(config.publicUrl).toBe('https://app.example.com');
  });

  it('runs the demo mail world in embedded mode, and with DATABASE_URL only when asked', () => {
    const demo = (env: Record<string, string>) =>
      loadConfig({ JWT_SECRET: 'x'.repeat(32), ...env }).demoMailWorld;
    const databaseUrl = 'postgres://db.internal/mailhound';
    expect(demo({})).toBe(true);
    expect(demo({ DATABASE_URL: databaseUrl })).toBe(false);
    expect(demo({ DATABASE_URL: databaseUrl, DEMO_MAIL_WORLD: 'on' })).toBe(true);
    expect(demo({ DEMO_MAIL_WORLD: 'off' })).toBe(false);
    expect(() => demo({ DEMO_MAIL_WORLD: 'yes' })).toThrow(/DEMO_MAIL_WORLD/);
  });

  it('defaults PUBLIC_URL to localhost on the port the app serves', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), PORT: '8093' });
    expect(config.publicUrl).toBe('http://localhost:8093');
  });

  it('reads TRUST_PROXY as off, on, a hop count or a list of proxy addresses', () => {
    const trust = (TRUST_PROXY: string) =>
      loadConfig({ JWT_SECRET: 'x'.repeat(32), TRUST_PROXY }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 10.0.0.0/8')).toBe('10.0.0.1, 10.0.0.0/8');
  });

  it('names every invalid variable', () => {
    expect(() =>
      loadConfig({ JWT_SECRET: 'x'.repeat(32), PORT: 'eighty', TOKEN_TTL: 'a week' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ JWT_SECRET: 'x'.repeat(32), PORT: 'eighty', TOKEN_TTL: 'a week' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/TOKEN_TTL/);
    }
  });

  it('documents every variable it reads', () => {
    const names = describeConfig().map((variable) => variable.name);
    expect(names).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'JWT_SECRET', 'SMTP_URL', 'SEED_DEMO']),
    );
    expect(names).toEqual(expect.arrayContaining(serverVariableNames));
    const serverNames = names.filter((name) => !name.startsWith('FINDER_'));
    expect(serverNames.sort()).toEqual([...serverVariableNames].sort());
  });

  it('documents the finder variables the finder reads', () => {
    const names = describeConfig().map((variable) => variable.name);
    const finderNames = names.filter((name) => name.startsWith('FINDER_'));
    expect(finderNames).toHaveLength(12);
    const config = loadConfig({
      JWT_SECRET: 'x'.repeat(32),
      ALTCHA_HMAC_KEY: 'k'.repeat(32),
      FINDER_RESOLVERS: '127.0.0.1:5300',
      FINDER_SMTP_PORT: '2525',
      FINDER_ALLOW_PRIVATE_MX: 'true',
    });
    expect(config.finder).toMatchObject({
      resolvers: ['127.0.0.1:5300'],
      smtpPort: 2525,
      allowPrivateMx: true,
    });
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), FINDER_SMTP_PORT: 'x' })).toThrow(
      /FINDER_/,
    );
  });

  it('reads the Free plan credits and the bot check, Turnstile only with both keys', () => {
    const dataDir = testTempDir('config');
    const config = loadConfig({ DATA_DIR: dataDir, FREE_PLAN_CREDITS: '1' });
    expect(config.freePlanCredits).toBe(1);
    expect(config.botCheck).toMatchObject({ altchaMaxNumber: 100_000, turnstile: undefined });
    const keyFile = join(dataDir, 'altcha-hmac-key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(config.botCheck.altchaHmacKey);
    const turnstile = loadConfig({
      DATA_DIR: dataDir,
      TURNSTILE_SITE_KEY: 'site',
      TURNSTILE_SECRET_KEY: 'secret',
    });
    expect(turnstile.botCheck.turnstile).toEqual({
      siteKey: 'site',
      secretKey: 'secret',
      verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, TURNSTILE_SITE_KEY: 'site' })).toThrow(
      /TURNSTILE/,
    );
  });
});
