import type { TestProject } from 'vitest/node';
import { buildWebIfChanged } from '../scripts/build-web.ts';
import { type RunningApp, startApp } from './app-server.test-kit.ts';
import { findChromium } from './chromium.test-kit.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
  }
}

let app: RunningApp | undefined;

// Builds the web app as `npm start` serves it (when its sources changed), starts the product
// once, and finds Chromium.
export async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  buildWebIfChanged({ quiet: true });
  app = await startApp();
  project.provide('baseUrl', app.baseUrl);
  project.provide('chromiumPath', chromiumPath);
}

export async function teardown() {
  await app?.stop();
}
