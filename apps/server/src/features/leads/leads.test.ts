import {
  type CompanyFilters,
  filtersToQuery,
  findEmailsAnswerSchema,
  leadSearchAnswerSchema,
} from '@mailhound/contracts';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { addCompanies, addPeople } from '../companies/companies.test-kit.ts';
import { people } from '../companies/schema.ts';
import { applyCreditEntry } from '../credits/credit-ledger.ts';
import { creditAccounts } from '../credits/schema.ts';
import { searchHistory } from '../search/schema.ts';
import { labEnv, searchLab } from '../search/search.test-kit.ts';

let lab: MailLab;
let t: TestContext;

beforeAll(async () => {
  lab = await startMailLab(searchLab);
  t = await createTestContext({ env: labEnv(lab) });
  // The lab's domains are companies here (written directly: .test is not a public suffix).
  await addCompanies(t.db, [
    {
      name: 'Acme Test',
      domain: 'acme.test',
      country: 'United States',
      industry: 'computer_software',
      employees: 300,
    },
    {
      name: 'Catch All',
      domain: 'catchall.test',
      country: 'Germany',
      industry: 'computer_software',
      employees: 40,
    },
    {
      name: 'Gone Away',
      domain: 'gone.test',
      country: 'France',
      industry: 'farming',
      employees: 5,
    },
  ]);
  await addPeople(t.db, [
    {
      firstName: 'Ann',
      lastName: 'Lee',
      jobTitle: 'VP of Sales',
      companyDomain: 'acme.test',
      location: 'Austin, United States',
    },
    {
      firstName: 'Bob',
      lastName: 'Stone',
      jobTitle: 'Software Engineer',
      companyDomain: 'acme.test',
    },
    {
      firstName: 'Cat',
      lastName: 'Moss',
      jobTitle: 'Sales Director',
      companyDomain: 'catchall.test',
    },
    {
      firstName: 'Dan',
      lastName: 'Ray',
      jobTitle: 'Account Executive',
      companyDomain: 'gone.test',
    },
    {
      firstName: null,
      lastName: 'Nameless',
      jobTitle: 'Sales Manager',
      companyDomain: 'gone.test',
    },
  ]);
});
afterAll(async () => {
  await t.close();
  await lab.close();
});

async function leadSearch(
  token: string,
  filters: CompanyFilters,
  page = 1,
  perPage = 10,
  spend?: string,
) {
  const query = filtersToQuery(filters);
  query.set('page', String(page));
  query.set('perPage', String(perPage));
  if (spend !== undefined) query.set('spend', spend);
  return t.app.inject({
    method: 'GET',
    url: `/api/leads/search?${query}`,
    headers: { authorization: token },
  });
}

async function balances(userId: string) {
  const [row] = await t.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  return { balance: row?.balance, onHold: row?.onHold, leadSearchBalance: row?.leadSearchBalance };
}

async function leadId(lname: string) {
  const [row] = await t.db.select({ id: people.id }).from(people).where(eq(people.lname, lname));
  return String(row?.id);
}

describe('GET /api/leads/search', () => {
  it('finds people by person and company filters, with their company', async () => {
    const user = await activeUser(t);
    const answer = await leadSearch(user.token, {
      department: ['sales'],
      locations: ['United States', 'Germany'],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const page = leadSearchAnswerSchema.parse(answer.json());
    expect(page).toMatchObject({ currentPage: 1, totalPages: 1, totalItems: 2 });
    expect(page.items).toEqual([
      {
        id: expect.any(String),
        fname: 'Ann',
        lname: 'Lee',
        jobTitle: 'VP of Sales',
        department: 'sales',
        seniority: 'vp',
        location: 'Austin, United States',
        linkedinUrl: null,
        companyName: 'Acme Test',
        companySlug: 'acme-test',
        website: 'acme.test',
      },
      expect.objectContaining({ fname: 'Cat', seniority: 'director', website: 'catchall.test' }),
    ]);
    const byTitle = leadSearchAnswerSchema.parse(
      (await leadSearch(user.token, { jobTitle: ['engineer'], companyName: ['acme'] })).json(),
    );
    expect(byTitle.items.map((item) => item.lname)).toEqual(['Stone']);
  });

  it('spends one lead search per new set of filters, for all its pages, until the end of the day', async () => {
    const user = await activeUser(t);
    const start = (await balances(user.id)).leadSearchBalance ?? 0;
    const filters: CompanyFilters = { industry: ['computer_software'] };

    const first = leadSearchAnswerSchema.parse(
      (await leadSearch(user.token, filters, 1, 1)).json(),
    );
    expect(first).toMatchObject({ leadSearchBalance: start - 1, paid: true });
    // Turning to page 2, coming back and reloading spend nothing more.
    const second = leadSearchAnswerSchema.parse(
      (await leadSearch(user.token, filters, 2, 1)).json(),
    );
    expect(second.items).toHaveLength(1);
    expect(second.leadSearchBalance).toBe(start - 1);
    const again = leadSearchAnswerSchema.parse(
      (await leadSearch(user.token, { industry: ['computer_software'] }, 1, 1)).json(),
    );
    expect(again.leadSearchBalance).toBe(start - 1);
    // Other filters are another search.
    const other = leadSearchAnswerSchema.parse(
      (
        await leadSearch(user.token, { industry: ['computer_software'], department: ['sales'] })
      ).json(),
    );
    expect(other.leadSearchBalance).toBe(start - 2);
    // The next day the same filters are a new search.
    t.clock.advance(24 * 60 * 60_000);
    const nextDay = leadSearchAnswerSchema.parse(
      (await leadSearch(user.token, filters, 2, 1)).json(),
    );
    expect(nextDay.leadSearchBalance).toBe(start - 3);
    // A search without results costs nothing.
    const empty = leadSearchAnswerSchema.parse(
      (
        await leadSearch(user.token, { industry: ['computer_software'], jobTitle: ['astronaut'] })
      ).json(),
    );
    expect(empty).toMatchObject({ items: [], leadSearchBalance: start - 3 });
    expect((await balances(user.id)).leadSearchBalance).toBe(start - 3);
  });

  it('spend=false (a link opened, not a click) shows a paid search and spends nothing for a new one', async () => {
    const user = await activeUser(t);
    const start = (await balances(user.id)).leadSearchBalance ?? 0;
    const filters: CompanyFilters = { department: ['sales'], locations: ['Germany'] };
    const peek = await leadSearch(user.token, filters, 1, 10, 'false');
    expect(peek.statusCode, peek.body).toBe(200);
    expect(leadSearchAnswerSchema.parse(peek.json())).toEqual({
      items: [],
      currentPage: 1,
      totalPages: 0,
      totalItems: 0,
      leadSearchBalance: start,
      paid: false,
    });
    expect((await balances(user.id)).leadSearchBalance).toBe(start);

    expect((await leadSearch(user.token, filters)).json().leadSearchBalance).toBe(start - 1);
    const paid = leadSearchAnswerSchema.parse(
      (await leadSearch(user.token, filters, 1, 10, 'false')).json(),
    );
    expect(paid).toMatchObject({ paid: true, leadSearchBalance: start - 1 });
    expect(paid.items.length).toBeGreaterThan(0);
    expect((await leadSearch(user.token, filters, 1, 10, 'maybe')).statusCode).toBe(400);
  });

  it('answers 402 No lead searches left at zero, but still shows pages already paid for', async () => {
    const user = await activeUser(t);
    const filters: CompanyFilters = { industry: ['farming'] };
    expect((await leadSearch(user.token, filters)).statusCode).toBe(200);
    const left = (await balances(user.id)).leadSearchBalance ?? 0;
    await t.db.transaction((tx) =>
      applyCreditEntry(tx, {
        userId: user.id,
        kind: 'charge',
        amount: 0,
        leadAmount: left,
        idempotencyKey: `test-drain-leads:${user.id}`,
      }),
    );
    const refused = await leadSearch(user.token, { industry: ['computer_software'] });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe('No lead searches left');
    const paid = await leadSearch(user.token, filters);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().leadSearchBalance).toBe(0);
  });

  it('refuses filters the §5 rules refuse, and spends nothing', async () => {
    const user = await activeUser(t);
    const before = await balances(user.id);
    const answer = await leadSearch(user.token, { years: { from: 2000 } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      "Searching by year alone isn't possible. Please select at least one additional filter option.",
    );
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/leads/search?seniority=["boss"]',
      headers: { authorization: user.token },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await balances(user.id)).toEqual(before);
  });
});

describe('POST /api/leads/find-emails', () => {
  async function findEmails(token: string, leadIds: string[]) {
    return t.app.inject({
      method: 'POST',
      url: '/api/leads/find-emails',
      payload: { leadIds },
      headers: { authorization: token },
    });
  }

  it('searches each lead through the finder and charges 1 credit per address scored 95+', async () => {
    const user = await activeUser(t);
    const before = await balances(user.id);
    const ids = [await leadId('Lee'), await leadId('Ray'), await leadId('Nameless'), '999999'];
    const answer = await findEmails(user.token, ids);
    expect(answer.statusCode, answer.body).toBe(200);
    const { items } = findEmailsAnswerSchema.parse(answer.json());
    expect(items).toEqual([
      {
        leadId: ids[0],
        exactEmail: 'ann.lee@acme.test',
        exactEmailScore: 99,
        // The verdict beside the address found (issue 22); none where nothing was found.
        verdict: expect.objectContaining({
          email: 'ann.lee@acme.test',
          status: 'valid',
          reason: 'The mail server confirmed this mailbox exists.',
        }),
        error: null,
      },
      {
        leadId: ids[1],
        exactEmail: null,
        exactEmailScore: 0,
        verdict: null,
        error: expect.any(String),
      },
      {
        leadId: ids[2],
        exactEmail: null,
        exactEmailScore: 0,
        verdict: null,
        error: 'The lead has no first and last name to search with',
      },
      {
        leadId: '999999',
        exactEmail: null,
        exactEmailScore: 0,
        verdict: null,
        error: 'Lead not found',
      },
    ]);
    expect(await balances(user.id)).toEqual({ ...before, balance: (before.balance ?? 0) - 1 });
    // Each lead searched is a single search in the user's history.
    const history = await t.db
      .select()
      .from(searchHistory)
      .where(eq(searchHistory.userId, user.id));
    expect(history.map((row) => row.charged).sort()).toEqual([false, true]);
  });

  it('does not charge a catch-all guess (score below 95) and releases its hold', async () => {
    const user = await activeUser(t);
    const before = await balances(user.id);
    const answer = await findEmails(user.token, [await leadId('Moss')]);
    const [item] = findEmailsAnswerSchema.parse(answer.json()).items;
    expect(item?.exactEmailScore).toBeLessThan(95);
    expect(item?.verdict).toMatchObject({ status: 'accept_all', accept_all: true });
    expect(await balances(user.id)).toEqual(before);
  });

  it('with 1 credit left searches every lead whose results turn out free', async () => {
    const user = await activeUser(t);
    const { balance = 0 } = await balances(user.id);
    await t.db.transaction((tx) =>
      applyCreditEntry(tx, {
        userId: user.id,
        kind: 'charge',
        amount: balance - 1,
        idempotencyKey: `test-drain:${user.id}`,
      }),
    );
    const ids = [await leadId('Moss'), await leadId('Stone'), await leadId('Ray')];
    const answer = await findEmails(user.token, ids);
    expect(answer.statusCode, answer.body).toBe(200);
    const { items } = findEmailsAnswerSchema.parse(answer.json());
    expect(items.map((item) => item.leadId)).toEqual(ids);
    expect(items.map((item) => item.error)).not.toContain('You do not have enough credits.');
    expect(await balances(user.id)).toMatchObject({ balance: 1, onHold: 0 });
  });

  it('answers 402 when no credit is available, and validates the lead ids', async () => {
    const user = await activeUser(t);
    const { balance = 0 } = await balances(user.id);
    await t.db.transaction((tx) =>
      applyCreditEntry(tx, {
        userId: user.id,
        kind: 'charge',
        amount: balance,
        idempotencyKey: `test-drain:${user.id}`,
      }),
    );
    const refused = await findEmails(user.token, [await leadId('Lee')]);
    expect(refused.statusCode).toBe(402);
    expect((await findEmails(user.token, [])).statusCode).toBe(400);
    expect((await findEmails(user.token, ['x'])).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => String(i + 1));
    expect((await findEmails(user.token, many)).statusCode).toBe(400);
  });
});
