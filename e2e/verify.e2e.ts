import { randomUUID } from 'node:crypto';
import { verifyReasons } from '@mailhound/contracts';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './app-server.ts';
import { type BrowserSession, openBrowser } from './browser.ts';
import { labFinderEnv } from './lab-env.ts';
import { signUpWithCode } from './sign-up.ts';

// issue 22 "Done when": the Email Verifier in a real browser against the real app, its finder
// pointed at a mail lab with a company domain, a catch-all domain and a disposable provider.
describe('the Email Verifier against the mail lab', () => {
  let lab: MailLab;
  let app: RunningApp;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    lab = await startMailLab({
      hosts: [{ name: 'mx.acme.test' }, { name: 'mx.catchall.test' }],
      domains: [
        {
          name: 'acme.test',
          mx: [{ priority: 10, host: 'mx.acme.test' }],
          mailboxes: ['ann.lee'],
        },
        {
          name: 'catchall.test',
          mx: [{ priority: 10, host: 'mx.catchall.test' }],
          catchAll: true,
        },
        // A disposable provider the finder knows by name.
        {
          name: 'mailinator.com',
          mx: [{ priority: 10, host: 'mx.catchall.test' }],
          catchAll: true,
        },
      ],
    });
    app = await startApp({ ...labFinderEnv(lab), FREE_PLAN_CREDITS: '5' });
  });

  afterAll(async () => {
    await session?.browser.close();
    await app?.stop();
    await lab?.close();
  });

  const credits = (page: Page) => page.getByRole('banner').getByText(/^Credits available: /);

  async function verify(page: Page, email: string) {
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Verify' }).click();
    const verdict = page.getByRole('region', { name: `Verdict on ${email}` });
    await verdict.waitFor();
    return verdict;
  }

  it('tells valid, invalid, accept all and disposable apart, charging only the first two', async () => {
    session = await openBrowser();
    const { page } = session;
    const email = `vera.${randomUUID().slice(0, 8)}@acme-e2e.com`;
    await page.goto(`${app.baseUrl}/signup`);
    await signUpWithCode(page, app.baseUrl, { email, firstName: 'Vera', lastName: 'Cole' });
    await page.waitForURL(/\/search\/single$/);
    await page.getByRole('banner').getByRole('link', { name: 'Email Verifier' }).click();
    await page.waitForURL(/\/verify$/);
    await expect.poll(() => credits(page).textContent()).toBe('Credits available: 5');

    const valid = await verify(page, 'ann.lee@acme.test');
    expect(await valid.textContent()).toContain('Valid');
    expect(await valid.textContent()).toContain(verifyReasons.valid);
    expect(await valid.getByRole('list', { name: 'Checks' }).textContent()).toContain(
      'SMTP check: yes',
    );
    await valid.getByRole('button', { name: 'SMTP evidence' }).click();
    const evidence = valid.getByRole('table', { name: 'SMTP evidence' });
    await expect.poll(() => evidence.textContent()).toContain('mx.acme.test');
    expect(await evidence.textContent()).toContain('250');
    await expect.poll(() => credits(page).textContent()).toBe('Credits available: 4');

    const invalid = await verify(page, 'nobody@acme.test');
    expect(await invalid.textContent()).toContain('Invalid');
    expect(await invalid.textContent()).toContain(verifyReasons.rejected);
    await expect.poll(() => credits(page).textContent()).toBe('Credits available: 3');

    const acceptAll = await verify(page, 'eve.moss@catchall.test');
    expect(await acceptAll.textContent()).toContain('Accept all');
    expect(await acceptAll.textContent()).toContain(verifyReasons.acceptAll);
    expect(await acceptAll.textContent()).toContain('This verification was free.');

    const disposable = await verify(page, 'x1@mailinator.com');
    expect(await disposable.textContent()).toContain('Disposable');
    expect(await disposable.textContent()).toContain(verifyReasons.disposable);
    expect(await disposable.textContent()).toContain('This verification was free.');

    // The free verdicts took nothing: still 3, and the history holds all four, newest first.
    const history = page.getByRole('table', { name: 'Verification history' });
    await expect.poll(() => history.getByRole('row').count()).toBe(5);
    const addresses = await history.getByRole('row').allTextContents();
    expect(addresses[1]).toContain('x1@mailinator.com');
    expect(addresses[4]).toContain('ann.lee@acme.test');
    expect(await credits(page).textContent()).toBe('Credits available: 3');
  });
});
