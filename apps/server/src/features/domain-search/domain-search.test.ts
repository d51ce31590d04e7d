import {
  companyMessages,
  type DomainSearchAnswer,
  domainSearchAnswerSchema,
  domainSearchMessages,
} from '@mailhound/contracts';
import { type LabSpec, type MailLab, startMailLab } from '@mailhound/mail-lab';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyFirst } from '../../platform/access.ts';
import { unverifiedUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { addCompanies, addPeople } from '../companies/companies.test-kit.ts';
import { balancesOf, userWithCredits } from '../credits/credits.test-kit.ts';
import { recordPeopleSeen } from '../search/index.ts';
import { labEnv, postSearch } from '../search/search.test-kit.ts';
import { latestAcceptAllQuery } from './mail-facts.ts';

const lab: LabSpec = {
  hosts: [
    { name: 'mx1.acme.test', address: '127.0.7.2' },
    { name: 'mx2.acme.test', address: '127.0.7.3' },
  ],
  domains: [
    {
      name: 'acme.test',
      mx: [
        { priority: 20, host: 'mx2.acme.test' },
        { priority: 10, host: 'mx1.acme.test' },
      ],
      mailboxes: ['jane.doe', 'john.smith', 'info'],
    },
    { name: 'stranger.test', mx: [{ priority: 10, host: 'mx1.acme.test' }], catchAll: true },
    { name: 'nomx.test' },
  ],
};

// Twelve engineers after the three named people and the team entry: two pages of ten.
const engineers = Array.from({ length: 12 }, (_, index) => ({
  firstName: `Eng${String.fromCharCode(97 + index)}`,
  lastName: 'Coder',
  jobTitle: 'Software Engineer',
  companyDomain: 'acme.test',
}));

let mailLab: MailLab;
let t: TestContext;

beforeAll(async () => {
  mailLab = await startMailLab(lab);
  t = await createTestContext({ env: labEnv(mailLab) });
  await addCompanies(t.db, [
    { name: 'Acme Inc', domain: 'acme.test', industry: 'computer_software', employees: 120 },
  ]);
  await addPeople(t.db, [
    {
      firstName: 'Jane',
      lastName: 'Doe',
      jobTitle: 'Chief Executive Officer',
      companyDomain: 'acme.test',
    },
    { firstName: 'John', lastName: 'Smith', jobTitle: 'Sales Manager', companyDomain: 'acme.test' },
    {
      firstName: 'Ann',
      lastName: 'Lee',
      jobTitle: 'Marketing Director',
      companyDomain: 'acme.test',
    },
    { firstName: null, lastName: null, jobTitle: 'Sales Team', companyDomain: 'acme.test' },
    ...engineers,
  ]);
});
afterAll(async () => {
  await t.close();
  await mailLab.close();
});

async function domainSearch(query: Record<string, string>, token?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/domain-search?${new URLSearchParams(query)}`,
    headers: token ? { authorization: token } : {},
  });
  return response;
}

async function answerOf(query: Record<string, string>, token: string) {
  const response = await domainSearch(query, token);
  expect(response.statusCode, response.body).toBe(200);
  return domainSearchAnswerSchema.parse(response.json());
}

const byName = (answer: DomainSearchAnswer) =>
  new Map(answer.people.items.map((person) => [person.fname, person]));

describe('GET /api/domain-search', () => {
  it('answers the organisation, the mail facts and its people, with no pattern known yet', async () => {
    const user = await userWithCredits(t, 10);
    const answer = await answerOf({ domain: 'www.Acme.test' }, user.token);
    expect(answer.domain).toBe('acme.test');
    expect(answer.organisation).toMatchObject({ name: 'Acme Inc', employees: 120 });
    expect(answer.organisation?.slug).toMatch(/acme/);
    expect(answer.mail).toEqual({
      mxHosts: ['mx1.acme.test', 'mx2.acme.test'],
      mxError: null,
      acceptAll: null,
      webmail: false,
      disposable: false,
    });
    expect(answer.pattern).toBeNull();
    expect(answer.people.totalItems).toBe(16);
    expect(answer.people.totalPages).toBe(2);
    expect(answer.people.items).toHaveLength(10);
    expect(answer.people.items[0]).toMatchObject({
      fname: 'Jane',
      lname: 'Doe',
      jobTitle: 'Chief Executive Officer',
      seniority: 'c_level',
      type: 'personal',
      email: null,
      masked: false,
    });
    // The search itself spends nothing.
    expect((await balancesOf(t.db, user.id)).balance).toBe(10);
  });

  it('after a paid find shows the learnt pattern, that address in full and the others masked', async () => {
    const user = await userWithCredits(t, 10);
    const found = await postSearch(
      t.app,
      { firstName: 'Jane', lastName: 'Doe', companyWebsite: 'acme.test' },
      { token: user.token },
    );
    expect(found.last?.data).toMatchObject({ exactEmail: 'jane.doe@acme.test' });
    expect((await balancesOf(t.db, user.id)).balance).toBe(9);

    const answer = await answerOf({ domain: 'acme.test' }, user.token);
    expect(answer.pattern).toEqual({ pattern: 'first.last', verified: 1, against: 0 });
    expect(answer.mail.acceptAll).toBe(false);
    const people = byName(answer);
    expect(people.get('Jane')).toMatchObject({ email: 'jane.doe@acme.test', masked: false });
    // The verdict of the search that paid for it, as single search shows it (issue 22).
    expect(people.get('Jane')?.verdict).toMatchObject({
      email: 'jane.doe@acme.test',
      status: 'valid',
    });
    expect(people.get('John')).toMatchObject({ email: 'j•••@acme.test', masked: true });
    expect(people.get('John')?.verdict).toBeNull();
    expect(people.get(null)).toMatchObject({ type: 'generic', email: null, masked: false });
    expect((await balancesOf(t.db, user.id)).balance).toBe(9);

    // Another user did not pay for Jane's address: masked for them.
    const other = await userWithCredits(t, 10);
    const theirs = byName(await answerOf({ domain: 'acme.test' }, other.token));
    expect(theirs.get('Jane')).toMatchObject({ email: 'j•••@acme.test', masked: true });
    expect(theirs.get('Jane')?.verdict).toBeNull();
  });

  it('resolves a company name through the company database', async () => {
    const user = await userWithCredits(t, 10);
    const answer = await answerOf({ company: 'acme inc' }, user.token);
    expect(answer.domain).toBe('acme.test');
    expect(answer.organisation?.name).toBe('Acme Inc');
  });

  it('filters by department, seniority and type, and pages by ten', async () => {
    const user = await userWithCredits(t, 10);
    const sales = await answerOf({ domain: 'acme.test', department: 'sales' }, user.token);
    expect(sales.people.items.map((p) => p.jobTitle).sort()).toEqual([
      'Sales Manager',
      'Sales Team',
    ]);
    const executives = await answerOf({ domain: 'acme.test', seniority: 'c_level' }, user.token);
    expect(executives.people.items.map((p) => p.fname)).toEqual(['Jane']);
    const generic = await answerOf({ domain: 'acme.test', type: 'generic' }, user.token);
    expect(generic.people.items.map((p) => p.jobTitle)).toEqual(['Sales Team']);
    const personal = await answerOf({ domain: 'acme.test', type: 'personal' }, user.token);
    expect(personal.people.totalItems).toBe(15);
    const second = await answerOf({ domain: 'acme.test', page: '2' }, user.token);
    expect(second.people.items).toHaveLength(6);
    expect(second.people.currentPage).toBe(2);
  });

  it("shows a pattern one user's contacts taught in full to that user, and at most two of them to another", async () => {
    const [owner, other] = [await userWithCredits(t, 10), await userWithCredits(t, 10)];
    const names = ['ann.lee', 'bob.ray', 'cy.young', 'dee.fox', 'eve.gray'];
    await recordPeopleSeen(
      t.db,
      names.map((name) => {
        const [firstName = '', lastName = ''] = name.split('.');
        return { firstName, lastName, email: `${name}@taught.test` };
      }),
      'known',
      owner.id,
    );
    expect((await answerOf({ domain: 'taught.test' }, owner.token)).pattern).toEqual({
      pattern: 'first.last',
      verified: 5,
      against: 0,
    });
    expect((await answerOf({ domain: 'taught.test' }, other.token)).pattern).toEqual({
      pattern: 'first.last',
      verified: 2,
      against: 0,
    });
  });

  it('answers an unknown domain its mail facts and no pattern, plainly', async () => {
    const user = await userWithCredits(t, 10);
    const stranger = await answerOf({ domain: 'stranger.test' }, user.token);
    expect(stranger).toEqual({
      domain: 'stranger.test',
      organisation: null,
      mail: {
        mxHosts: ['mx1.acme.test'],
        mxError: null,
        acceptAll: null,
        webmail: false,
        disposable: false,
      },
      pattern: null,
      people: { items: [], currentPage: 1, totalPages: 0, totalItems: 0 },
    });
    const noMx = await answerOf({ domain: 'nomx.test' }, user.token);
    expect(noMx.mail.mxHosts).toEqual([]);
    expect(noMx.mail.mxError).toBe('No MX records associated with domain found');
    const webmail = await answerOf({ domain: 'gmail.com' }, user.token);
    expect(webmail.mail.webmail).toBe(true);
    const disposable = await answerOf({ domain: 'mailinator.com' }, user.token);
    expect(disposable.mail.disposable).toBe(true);
  });

  it('looks a domain’s accept-all answer up through its indexes, not by reading every row', async () => {
    // The tables here are small enough for a sequential scan to win; with it ruled out, the
    // plan shows whether the indexes can answer the query at all (their partial conditions
    // match its own).
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain ${latestAcceptAllQuery('acme.test')}`,
      );
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Scan using search_history_domain_catch_all');
    expect(plan).toContain('Index Scan using verifications_domain_catch_all');
  });

  it('refuses bad input with a 400 in words, and guests and unverified users', async () => {
    const user = await userWithCredits(t, 10);
    const cases: Array<[Record<string, string>, string]> = [
      [{}, domainSearchMessages.domainOrCompany],
      [{ domain: '  ' }, domainSearchMessages.domainOrCompany],
      [{ domain: 'acme.test', company: 'Acme' }, domainSearchMessages.notBoth],
      [{ domain: 'not a domain' }, domainSearchMessages.invalidDomain],
      [{ company: 'Nobody Anywhere Ltd' }, companyMessages.notFound],
    ];
    for (const [query, message] of cases) {
      const response = await domainSearch(query, user.token);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const invalid: Record<string, string>[] = [
      { domain: 'acme.test', department: 'nonsense' },
      { domain: 'acme.test', type: 'robot' },
      { domain: 'acme.test', page: '0' },
      { domain: 'acme.test', colour: 'blue' },
    ];
    for (const query of invalid) {
      const response = await domainSearch(query, user.token);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().message).toMatch(/\w+/);
    }
    expect((await domainSearch({ domain: 'acme.test' })).statusCode).toBe(401);
    const unverified = await unverifiedUser(t);
    const refused = await domainSearch({ domain: 'acme.test' }, unverified.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(verifyFirst);
  });
});
