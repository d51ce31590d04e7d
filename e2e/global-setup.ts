import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type RunningApp, repoRoot, startApp } from './app-server.ts';
import { findChromium } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
  }
}

let app: RunningApp | undefined;

// Builds the web app as `npm start` serves it, starts the product once, and finds Chromium.
export async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  execFileSync(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: join(repoRoot, 'apps/web'),
    stdio: 'ignore',
  });
  app = await startApp();
  project.provide('baseUrl', app.baseUrl);
  project.provide('chromiumPath', chromiumPath);
}

export async function teardown() {
  await app?.stop();
}
