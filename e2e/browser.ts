import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumArgs } from './chromium.ts';

export type BrowserSession = { browser: Browser; page: Page; baseUrl: string };

export async function openBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: inject('chromiumPath'),
    args: chromiumArgs,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  return { browser, page, baseUrl: inject('baseUrl') };
}
