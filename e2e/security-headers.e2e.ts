import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.test-kit.ts';

// Pages outside the web app that carry their own inline scripts or styles; every browser test
// fails on a Content-Security-Policy violation (browser.ts).
describe('pages served beside the web app, under the security headers', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => {
    await session.browser.close();
  });

  it('the API docs (/api/docs) render their operations', async () => {
    const { page, baseUrl } = session;
    const response = await page.goto(`${baseUrl}/api/docs`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect
      .poll(() => page.locator('.opblock-summary-path').count(), { timeout: 15_000 })
      .toBeGreaterThan(50);
  });

  it('the development outbox (/dev/outbox) renders with its styles', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/dev/outbox`);
    await expect.poll(() => page.getByRole('heading', { name: 'Outbox' }).isVisible()).toBe(true);
    const padding = await page
      .locator('th')
      .first()
      .evaluate((cell) => getComputedStyle(cell).padding);
    expect(padding).not.toBe('0px');
  });
});
