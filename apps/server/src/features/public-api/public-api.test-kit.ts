import { readFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname } from 'node:path';
import { buildApp } from '../../app.ts';
import type { App } from '../../platform/http.ts';
import { createMailer } from '../../platform/mailer.ts';
import type { TestContext } from '../../test/test-context.ts';
import type { PublicApiOptions } from './routes.ts';

// Helpers for the `/v2` tests: a second API process on the same database, and the
// Hunter client library from npm pointed at our server.

// Another `mailhound api` process: its own Fastify, finder and pools' use, the same database
// and clock.
export async function secondApiProcess(
  t: TestContext,
  publicApi: PublicApiOptions = {},
): Promise<App> {
  const app = await buildApp({
    config: t.config,
    db: t.db,
    clock: t.clock,
    mailer: createMailer({ smtpUrl: undefined, mailFrom: t.config.mailFrom, db: t.db }),
    mailConnections: t.mailConnections,
    logger: false,
    publicApi,
  });
  await app.ready();
  return app;
}

export async function v2(app: App, path: string, key?: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/v2/${path}`,
    headers: key ? { 'x-api-key': key } : {},
  });
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    // biome-ignore lint/suspicious/noExplicitAny: the answers are checked field by field
    body: response.json() as any,
  };
}

type Callback = (error: unknown, data: unknown) => void;

export type HunterClient = {
  emailFinder: (options: Record<string, unknown>, callback: Callback) => Promise<void>;
  emailVerifier: (email: string, callback: Callback) => Promise<void>;
  domainSearch: (options: Record<string, unknown>, callback: Callback) => Promise<void>;
  emailCount: (domain: string, callback: Callback) => Promise<void>;
  account: (callback: Callback) => Promise<void>;
};

// What one call of the client gave its callback.
export function callClient(
  call: (callback: Callback) => Promise<void>,
): Promise<{ error: unknown; data: unknown }> {
  return new Promise((resolve) => {
    call((error, data) => resolve({ error, data }));
  });
}

const hunterEndpoint = "var API_ENDPOINT = 'https://api.hunter.io/v2';";

type CompilableModule = Module & {
  _compile: (source: string, filename: string) => void;
  // The bundle exports the client class itself.
  exports: unknown;
};

// `hunter.io` (the Hunter client on the npm registry; `@microfox/hunter`, the other one, does
// not install: its @microfox/core is not published) writes Hunter's endpoint into its bundle
// with no option to change it. The test runs the package's own bundle with that one constant
// pointed at our server; everything else (query building, api_key, its HTTP client) is the
// library's.
export function hunterClientAt(baseUrl: string, key: string): HunterClient {
  const require = createRequire(import.meta.url);
  const file = require.resolve('hunter.io');
  const source = readFileSync(file, 'utf8');
  if (source.split(hunterEndpoint).length !== 2) {
    throw new Error(`hunter.io no longer writes ${hunterEndpoint}: point the test anew`);
  }
  const module = new Module(file) as CompilableModule;
  module.filename = file;
  module.paths = (
    Module as unknown as { _nodeModulePaths: (from: string) => string[] }
  )._nodeModulePaths(dirname(file));
  module._compile(source.replace(hunterEndpoint, `var API_ENDPOINT = '${baseUrl}/v2';`), file);
  if (typeof module.exports !== 'function') throw new Error('hunter.io exports no client');
  const EmailHunter = module.exports as new (key: string) => HunterClient;
  return new EmailHunter(key);
}
