import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterEach, inject } from 'vitest';
import { chromiumArgs } from './chromium.test-kit.ts';

export type BrowserSession = { browser: Browser; page: Page; baseUrl: string };

// Content-Security-Policy violations seen by any watched page since the last test ended.
const violations: string[] = [];

// Every browser test fails on a CSP violation: the policy must let the app do all it does.
afterEach(() => {
  const seen = violations.splice(0);
  if (seen.length > 0) {
    throw new Error(`Content-Security-Policy violations:\n  ${seen.join('\n  ')}`);
  }
});

export async function watchContentSecurity(context: BrowserContext): Promise<void> {
  await context.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} on ${event.documentURI} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`,
      );
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
}

export async function openBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: inject('chromiumPath'),
    args: chromiumArgs,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await watchContentSecurity(context);
  const page = await context.newPage();
  return { browser, page, baseUrl: inject('baseUrl') };
}
