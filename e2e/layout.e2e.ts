import { storageKeys } from '@mailhound/contracts';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';

type LayoutDefects = { pageOverflow: number; tablesWiderThanBox: string[]; cutButtons: string[] };

// What a phone user would see as broken: a page that scrolls sideways, a table spilling out of
// its card without its own scroll container, a button whose label is cut.
function findLayoutDefects(page: Page): Promise<LayoutDefects> {
  return page.evaluate(() => {
    const scrolls = (element: Element | null) =>
      element !== null && ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
    const tablesWiderThanBox = [...document.querySelectorAll('table')]
      .filter((table) => {
        const box = table.parentElement;
        // A table kept for screen readers only (a chart's numbers) is never seen to spill.
        if (table.closest('.mantine-VisuallyHidden-root') !== null) return false;
        if (box === null || scrolls(box)) return false;
        return table.getBoundingClientRect().right > box.getBoundingClientRect().right + 1;
      })
      .map((table) => table.getAttribute('aria-label') ?? 'table');
    const cutButtons = [...document.querySelectorAll('.mantine-Button-label')]
      .filter((label) => label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent ?? '');
    return {
      pageOverflow: (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth,
      tablesWiderThanBox,
      cutButtons,
    };
  });
}

const noDefects: LayoutDefects = { pageOverflow: 0, tablesWiderThanBox: [], cutButtons: [] };

describe('layout at a phone width (390×844), in a real browser against the demo data', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
    await session.page.setViewportSize({ width: 390, height: 844 });
  });
  afterEach(async () => {
    await session.browser.close();
  });

  async function logIn() {
    const { page, baseUrl } = session;
    const answer = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo@mailhound.dev', password: 'Demo1234' }),
    });
    const { token } = (await answer.json()) as { token: string };
    await page.goto(`${baseUrl}/auth/login`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      storageKeys.token,
      token,
    ] as const);
    return token;
  }

  it('shows a public company page without sideways scrolling or cut buttons', async () => {
    const { page, baseUrl } = session;
    const token = await logIn();
    const query = new URLSearchParams({
      employees: JSON.stringify(['51-200']),
      page: '1',
      perPage: '1',
    });
    const search = await fetch(`${baseUrl}/api/companies/search?${query}`, {
      headers: { Authorization: token },
    });
    const { items } = (await search.json()) as { items: { slug: string }[] };
    await page.evaluate(() => localStorage.clear());

    await page.goto(`${baseUrl}/company/${items[0]?.slug}`);
    await page.getByRole('region', { name: 'Key Decision Makers' }).waitFor();
    await page.getByRole('button', { name: /^Try for Free/ }).waitFor();
    expect(await findLayoutDefects(page)).toEqual(noDefects);
  });

  it('keeps the search, a campaign and an open Unibox conversation within the screen', async () => {
    const { page, baseUrl } = session;
    await logIn();

    await page.goto(`${baseUrl}/search/single`);
    await page.getByLabel('Company Website or Name').waitFor();
    expect(await findLayoutDefects(page)).toEqual(noDefects);

    await page.goto(`${baseUrl}/campaigns`);
    await page.locator('a[href^="/campaigns/campaign-configuration/"]').first().click();
    await page.getByRole('button', { name: /^(Start|Pause)$/ }).waitFor();
    expect(await findLayoutDefects(page)).toEqual(noDefects);

    await page.goto(`${baseUrl}/unibox`);
    await page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('listitem')
      .first()
      .getByRole('button')
      .first()
      .click();
    await page.getByRole('region', { name: 'Conversation' }).getByRole('article').first().waitFor();
    expect(await findLayoutDefects(page)).toEqual(noDefects);
  });
});

// Every top-bar link, the credits and the profile fit the bar at common desktop widths: the
// bar never scrolls or pushes the page sideways, and no label is cut.
describe('the top bar at desktop widths, in a real browser against the demo data', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(async () => {
    await session.browser.close();
  });

  it('fits every link, the credits and the profile from 1024 to 1920 pixels', async () => {
    const { page, baseUrl } = session;
    const answer = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo@mailhound.dev', password: 'Demo1234' }),
    });
    const { token } = (await answer.json()) as { token: string };
    await page.goto(`${baseUrl}/auth/login`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      storageKeys.token,
      token,
    ] as const);
    const seen: Record<number, { overflow: number; cut: string[] }> = {};
    for (const width of [1024, 1280, 1366, 1440, 1600, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${baseUrl}/search/single`);
      await page
        .getByRole('banner')
        .getByText(/^Credits available: /)
        .waitFor();
      seen[width] = await page.evaluate(() => {
        const banner = document.querySelector('header');
        const cut = [...(banner?.querySelectorAll('a, button, span, p') ?? [])]
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .map((element) => element.textContent ?? '');
        const right = Math.max(
          ...[...(banner?.querySelectorAll('a, button') ?? [])].map(
            (element) => element.getBoundingClientRect().right,
          ),
        );
        return {
          overflow: Math.max(
            (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth,
            Math.ceil(right) - window.innerWidth,
            (banner?.scrollWidth ?? 0) - (banner?.clientWidth ?? 0),
          ),
          cut,
        };
      });
    }
    const fits = { overflow: 0, cut: [] };
    expect(seen).toEqual({
      1024: fits,
      1280: fits,
      1366: fits,
      1440: fits,
      1600: fits,
      1920: fits,
    });
  });
});
