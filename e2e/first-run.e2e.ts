import { randomUUID } from 'node:crypto';
import { billingMessages, bulkMessages, contactMessages, PAGE_SIZE } from '@mailhound/contracts';
import type { LabDomain } from '@mailhound/mail-lab';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maskAddress } from '../apps/server/src/features/companies/masks.ts';
import { demoMailWorldSpec } from '../apps/server/src/features/search/demo-mail-world-spec.ts';
import { seriousViolations } from './axe.ts';
import { type BrowserSession, openBrowser } from './browser.ts';
import { payWithTestCard, signUpWithCode } from './sign-up.ts';

type LookalikeContact = { fname: string | null; lname: string | null; exactEmail: string | null };

type Plan = {
  name: string;
  is_default: boolean;
  rules: {
    price_id: string | null;
    price: number;
    credits: number;
    lead_search_credits: number;
    interval: string | null;
  };
};

const exampleDomain = 'ravenmind.example';

// The people of the bulk upload, read from the demo mail world the app answers (the same
// deterministic world, built from the seed): three with a mailbox at a strict domain of their
// company's pattern, so the finder verifies them, and one without a mailbox there.
function demoPeople() {
  const strict = demoMailWorldSpec().domains.filter(
    (domain): domain is LabDomain & { people: NonNullable<LabDomain['people']> } =>
      // The Example's company is left out: the upload brings people not searched yet.
      domain.kind === 'pattern' && domain.people !== undefined && domain.name !== exampleDomain,
  );
  const found = strict
    .flatMap((domain) =>
      domain.people
        .filter((person) => person.email !== null && person.pattern !== null)
        .slice(0, 1)
        .map((person) => ({ ...person, domain: domain.name, email: person.email as string })),
    )
    .slice(0, 3);
  const missing = strict
    .slice(3)
    .flatMap((domain) =>
      domain.people
        .filter((person) => person.email === null)
        .map((person) => ({ ...person, domain: domain.name })),
    )[0];
  if (found.length < 3 || missing === undefined) {
    throw new Error('the demo mail world has too few strict domains for the bulk upload');
  }
  return { found, missing };
}

// Three demo companies' sites, the list a customer would upload to find look-alikes. Chosen
// so that none of their look-alikes' domains greylists: the finder asks a greylisting server
// again only a minute later, and Find Emails would wait for it.
const companyDomains = ['greenview.example', 'glacierlight.example', 'vertexwright.example'];

// issue 27 "Done when": a new user, in one browser session against the app as `npm start` runs
// it (the embedded defaults and their demo mail world), from sign-up to a contact list built
// from look-alike results, through a bulk upload and a paid plan.
describe('a new user walks through Mailhound', () => {
  let session: BrowserSession | undefined;
  const pageErrors: string[] = [];

  beforeEach(async () => {
    session = await openBrowser();
    await session.page.setViewportSize({ width: 1440, height: 900 });
    session.page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  });

  afterEach(async () => {
    await session?.browser.close();
    session = undefined;
    pageErrors.splice(0);
  });

  // Each step names itself in its failure, and ends the walk on an uncaught page error.
  // A step that ends on a settled screen can have axe audit it (serious WCAG 2 A/AA findings).
  async function step(
    name: string,
    run: () => Promise<void>,
    { audit = false }: { audit?: boolean } = {},
  ): Promise<void> {
    try {
      await run();
      if (audit && session) {
        expect(await seriousViolations(session.page), `axe on the screen ending "${name}"`).toEqual(
          [],
        );
      }
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      throw new Error(`step "${name}" failed: ${reason}`, { cause: failure });
    }
    if (pageErrors.length > 0) {
      throw new Error(`step "${name}": uncaught page error(s):\n  ${pageErrors.join('\n  ')}`);
    }
  }

  it('signs up, searches, uploads a list, pays for Starter, finds look-alikes and lists them', {
    timeout: 180_000,
  }, async () => {
    if (!session) throw new Error('no browser');
    const { page, baseUrl } = session;
    const email = `walk.${randomUUID().slice(0, 8)}@acme-e2e.com`;
    const credits = page.getByRole('banner').getByText(/^Credits available: /);
    const people = demoPeople();

    await step('sign up with the code from the dev outbox', async () => {
      await page.goto(`${baseUrl}/signup`);
      await signUpWithCode(page, baseUrl, { email, firstName: 'Rosa', lastName: 'Vega' });
      await page.waitForURL(/\/search\/single$/);
      await page.getByRole('heading', { name: 'Single Search' }).waitFor();
      await expect.poll(() => credits.textContent()).toBe('Credits available: 25');
    });

    await step(
      'the Example search finds a verified address with its evidence',
      async () => {
        await page.getByRole('button', { name: 'Example' }).click();
        await expect
          .poll(() => page.getByLabel('Company Website or Name').inputValue())
          .toBe(exampleDomain);
        await page.getByRole('button', { name: 'Search' }).click();
        const history = page.getByRole('table', { name: 'Search history' });
        await history.getByText('sakura.smith@ravenmind.example').waitFor();
        expect(await history.getByRole('img', { name: 'Score 99' }).count()).toBe(1);
        await page.getByRole('button', { name: 'Evidence for Sakura Smith' }).click();
        const evidence = page.getByRole('dialog', { name: 'Evidence' });
        await expect.poll(() => evidence.textContent()).toContain('mx.demo-mail.example');
        expect(await evidence.textContent()).toContain('sakura.smith@ravenmind.example');
        await page.keyboard.press('Escape');
        await evidence.waitFor({ state: 'hidden' });
        // A verified address costs its credit.
        await expect.poll(() => credits.textContent()).toBe('Credits available: 24');
      },
      { audit: true },
    );

    const rows = [...people.found, people.missing];
    await step(
      'a bulk upload of four demo people reaches its preview',
      async () => {
        await page.getByRole('banner').getByRole('link', { name: 'Bulk Search' }).click();
        await page.waitForURL(/\/search\/bulk$/);
        await page.getByRole('button', { name: 'Upload List Now' }).click();
        const modal = page.getByRole('dialog', { name: 'Upload your list' });
        const csv = [
          'First Name,Last Name,Company Website',
          ...rows.map((person) => `${person.firstName},${person.lastName},${person.domain}`),
        ].join('\n');
        await modal.getByLabel('Choose a file').setInputFiles({
          name: 'first-leads.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(`${csv}\n`),
        });
        await modal.getByRole('button', { name: 'Upload' }).click();
        await modal.waitFor({ state: 'hidden' });
        const row = page
          .getByRole('table', { name: 'Bulk search history' })
          .getByRole('row')
          .filter({ hasText: 'first-leads.csv' });
        await row.getByText(bulkMessages.emailsFound(people.found.length)).waitFor({
          timeout: 60_000,
        });

        await row.getByRole('link', { name: 'Preview' }).click();
        await page.waitForURL(/\/search\/bulk\/preview\/[^/]+$/);
        await page.getByRole('heading', { name: 'first-leads.csv' }).waitFor();
        await page.getByText(bulkMessages.youWillPay(people.found.length)).waitFor();
        expect(await page.getByLabel('Result counts').textContent()).toBe(
          '4 rows: 3 found (3 verified), 1 not found',
        );
        const preview = page.getByRole('table', { name: 'Bulk preview' });
        // Found addresses show masked until they are paid for, each with its score.
        for (const person of people.found) {
          await preview.getByText(maskAddress(person.email), { exact: true }).waitFor();
        }
        expect(await preview.getByRole('img', { name: 'Score 99' }).count()).toBe(3);
        const names = await preview.locator('tbody tr').allTextContents();
        expect(names).toHaveLength(rows.length);
        expect(names.join('\n')).toContain(people.missing.lastName);
      },
      { audit: true },
    );

    const plans = (await (await fetch(`${baseUrl}/api/checkout/plans/list`)).json()) as Plan[];
    const starter = plans.find((plan) => plan.name === 'Starter');
    if (!starter?.rules.price_id) throw new Error('no Starter plan in the seeded plans');
    const price = `$${(starter.rules.price / 100).toLocaleString('en-US')}`;

    await step(
      'the purchase page offers Starter',
      async () => {
        await page.getByRole('banner').getByRole('link', { name: 'Add Credits' }).click();
        await page.waitForURL(/\/purchase$/);
        await page.getByRole('heading', { name: billingMessages.cancelAnytime }).waitFor();
        const card = page.getByRole('article', { name: 'Starter' });
        await card.getByText(`${price}/month`).waitFor();
      },
      { audit: true },
    );

    await step(
      'checkout shows the order summary beside the card form',
      async () => {
        await page
          .getByRole('article', { name: 'Starter' })
          .getByRole('button', { name: 'Choose Plan' })
          .click();
        await page.waitForURL(/\/checkout$/);
        const summary = page.getByRole('region', { name: 'Order summary' });
        await summary.getByText('Starter (Monthly)').waitFor();
        const text = (await summary.textContent()) ?? '';
        expect(text).toContain(
          `${starter.rules.credits.toLocaleString('en-US')} fully verified emails per month`,
        );
        expect(text).toContain(
          `${starter.rules.lead_search_credits.toLocaleString('en-US')} searches with Lead Finder`,
        );
        expect(text).toContain(`Total due today${price}`);
        expect(text).toMatch(/Renews every month/);
        // Beside, not below: at 1440 pixels the summary sits to the right of the card form.
        const form = await page.getByLabel('Card number').boundingBox();
        const box = await summary.boundingBox();
        if (!form || !box) throw new Error('the card form or the summary is not laid out');
        expect(box.x).toBeGreaterThan(form.x + form.width);
      },
      { audit: true },
    );

    await step('paying with the test card puts the user on Starter', async () => {
      await payWithTestCard(page, 'Rosa Vega');
      await page.waitForURL(/\/settings\/invoices$/, { timeout: 15_000 });
      await expect
        .poll(async () => Number((await credits.textContent())?.replace(/\D/g, '')))
        .toBe(24 + starter.rules.credits);
    });

    await step(
      'look-alike, now open, takes a list of demo companies',
      async () => {
        await page.getByRole('banner').getByRole('link', { name: 'Look-Alike' }).click();
        await page.waitForURL(/\/look-alike$/);
        await page.getByRole('heading', { name: 'Look-Alike' }).waitFor();
        // The plan's lead searches are on the balance (with whatever the free plan left).
        const searches = page.getByText(/^Searches available: \d+$/);
        await searches.waitFor();
        const before = Number((await searches.textContent())?.replace(/\D/g, ''));
        expect(before).toBeGreaterThanOrEqual(starter.rules.lead_search_credits);
        await page.getByRole('button', { name: 'Upload List Now' }).click();
        const modal = page.getByRole('dialog', { name: 'New Look-Alike' });
        await modal.getByLabel('Choose a file').setInputFiles({
          name: 'best-customers.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(`Company\n${companyDomains.join('\n')}\n`),
        });
        await modal.getByRole('button', { name: 'Upload' }).click();
        await modal.waitFor({ state: 'hidden' });
        const row = page
          .getByRole('table', { name: 'Look-alike history' })
          .getByRole('row')
          .filter({ hasText: 'best-customers.csv' });
        await row.getByText('Success').waitFor({ timeout: 60_000 });
        await expect
          .poll(() => searches.textContent())
          .toBe(bulkMessages.searchesAvailable(before - 1));
        await row.getByRole('link', { name: 'Preview' }).click();
        await page.waitForURL(/\/look-alike\/preview\/[^/]+$/);
        await page.getByRole('heading', { name: 'best-customers.csv' }).waitFor();
        const contacts = page.getByRole('table', { name: 'Look-alike contacts' });
        await expect.poll(() => contacts.getByRole('row').count()).toBeGreaterThan(1);
        expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
      },
      { audit: true },
    );

    await step(
      'Find Emails finds addresses and Export opens',
      async () => {
        await page.getByRole('button', { name: 'Find Emails' }).click();
        const spend = page.getByRole('dialog', { name: 'Find Emails' });
        // Pressed from the keyboard: a click while the dialog still slides in can land beside
        // the moving button on a loaded machine.
        await spend.getByRole('button', { name: 'Find Emails' }).press('Enter');
        await spend.waitFor({ state: 'hidden' });
        const contacts = page.getByRole('table', { name: 'Look-alike contacts' });
        await contacts
          .getByText(/^[^\s@]+@[^\s@]+\.example$/)
          .first()
          .waitFor({ timeout: 90_000 });
        await expect
          .poll(() => page.getByRole('button', { name: 'Find Emails' }).isDisabled())
          .toBe(true);
        expect(await page.getByRole('button', { name: 'Export CSV' }).isEnabled()).toBe(true);
      },
      { audit: true },
    );

    // Every address the search found, over all the preview's pages (the table shows ten).
    let found: string[] = [];
    await step('Create Contact List makes a list of the found people', async () => {
      const requestId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const answer = await fetch(`${baseUrl}/api/search-history/lookalike/${requestId}`, {
        headers: { Authorization: token ?? '' },
      });
      const item = (await answer.json()) as { result: { preview: LookalikeContact[] } };
      found = item.result.preview.flatMap((contact) =>
        contact.exactEmail && (contact.fname || contact.lname) ? [contact.exactEmail] : [],
      );
      expect(found.length).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Create Contact List' }).click();
      const naming = page.getByRole('dialog', { name: 'Create Contact List' });
      await naming.getByRole('textbox', { name: 'Name' }).fill('Look-alike leads');
      await naming.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/contacts\/details\/[^/]+$/, { timeout: 30_000 });
      await page.getByText(bulkMessages.listCreated).first().waitFor();
    });

    await step(
      'the contact list holds every found address',
      async () => {
        await page.getByRole('heading', { name: 'Look-alike leads', level: 2 }).waitFor();
        const shown = Math.min(PAGE_SIZE, found.length);
        await page.getByText(contactMessages.showing(1, shown, found.length)).waitFor();
        const table = page.getByRole('table', { name: 'Contacts' });
        const addresses = await table.getByText(/^[^\s@]+@[^\s@]+\.example$/).allTextContents();
        expect(addresses).toHaveLength(shown);
        for (const address of addresses) expect(found).toContain(address);
      },
      { audit: true },
    );
  });
});
