import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './platform/embedded-postgres.ts';
import { testTempDir } from './test/temp-dir.ts';
import { createTestContext, type TestContext } from './test/test-context.ts';

const main = join(import.meta.dirname, 'main.ts');

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

// Every module file a `mailhound <command>` process has loaded once it says it is running,
// as the module loader saw them (a hook given through NODE_OPTIONS writes each one down).
async function modulesLoadedBy(command: 'api' | 'worker'): Promise<string[]> {
  const dir = testTempDir('worker-modules');
  const list = join(dir, 'loaded.txt');
  const hook = join(dir, 'hook.mjs');
  writeFileSync(
    hook,
    `import { registerHooks } from 'node:module';
import { appendFileSync } from 'node:fs';
registerHooks({ load(url, context, next) {
  appendFileSync(${JSON.stringify(list)}, url + '\\n');
  return next(url, context);
} });
`,
  );
  const child = spawn(process.execPath, [main, command], {
    env: {
      ...process.env,
      NODE_OPTIONS: `--import ${hook}`,
      DATABASE_URL: t.config.databaseUrl ?? '',
      DATA_DIR: dir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
      PUBLIC_URL: 'http://mailhound.test',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      WEB_DIST: join(dir, 'no-web'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (data: Buffer) => {
        output += data.toString();
        if (output.includes(`mailhound ${command} running`)) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`${command} exited (${code}): ${output}`)));
    });
    return readFileSync(list, 'utf8').trim().split('\n');
  } finally {
    child.kill('SIGKILL');
  }
}

const loads = (modules: string[], part: string) => modules.some((url) => url.includes(part));

describe('what a serving process loads at start', () => {
  it('the worker runs its jobs without the HTTP server (app.ts, Fastify) or the sender-domain checks', async () => {
    const modules = await modulesLoadedBy('worker');
    expect(loads(modules, '/features/bulk/jobs.ts')).toBe(true);
    expect(loads(modules, '/apps/server/src/app.ts')).toBe(false);
    expect(loads(modules, '/node_modules/fastify/')).toBe(false);
    // mailauth's SPF and DMARC code (6 MB of heap) waits for the first domain check.
    expect(loads(modules, '/node_modules/mailauth/')).toBe(false);
  }, 120_000);

  it('the API loads the HTTP server, but not mailauth before a domain is checked', async () => {
    const modules = await modulesLoadedBy('api');
    expect(loads(modules, '/apps/server/src/app.ts')).toBe(true);
    expect(loads(modules, '/node_modules/mailauth/')).toBe(false);
  }, 120_000);
});
