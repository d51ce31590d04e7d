import { createSocket } from 'node:dgram';
import { findEmailsAnswerSchema, singleSearchExample } from '@mailhound/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { toCsv, upload, waitUntilDone } from '../bulk/bulk.test-kit.ts';
import { addCompanies, addPeople } from '../companies/companies.test-kit.ts';
import { generateDemoData } from '../companies/demo-data.ts';
import { demoCompanyOptions } from '../companies/demo-seed.ts';
import { people } from '../companies/schema.ts';
import {
  closeDemoMailWorld,
  demoWorldPorts,
  isDemoName,
  runningDemoMailWorld,
} from './demo-mail-world.ts';
import { demoMailWorldSpec } from './demo-mail-world-spec.ts';
import { postSearch } from './search.test-kit.ts';

// A UDP port with nothing listening: the real resolvers of a machine without the internet.
async function deadResolverPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(resolve));
  return port;
}

let t: TestContext;
let token: string;

beforeAll(async () => {
  // The embedded default's finder settings (FINDER_ALLOW_PRIVATE_MX unset), with the demo
  // world on as `npm start` has it, and the "internet" a resolver that never answers.
  t = await createTestContext({
    jobs: true,
    env: {
      DEMO_MAIL_WORLD: 'on',
      FINDER_RESOLVERS: `127.0.0.1:${await deadResolverPort()}`,
    },
  });
  token = (await activeUser(t)).token;
});
afterAll(async () => {
  await t.close();
  await closeDemoMailWorld();
});

const demoCompanies = [...generateDemoData({ ...demoCompanyOptions, companies: 40 })];
const demoSpec = demoMailWorldSpec(demoCompanies, demoCompanyOptions.seed);
const domainOfKind = (kind: string) => demoSpec.domains.find((d) => d.kind === kind)!;

describe('the demo mail world (embedded default)', () => {
  it('verifies the Example person at 99 with the evidence, and charges the credit', async () => {
    expect(t.config.finder.allowPrivateMx).toBe(false);
    const { company, firstName, lastName } = singleSearchExample;
    const search = await postSearch(
      t.app,
      { companyWebsite: company, firstName, lastName },
      { token },
    );
    expect(search.statusCode).toBe(200);
    const email = `sakura.smith@${company}`;
    expect(search.last?.data).toMatchObject({
      exactEmail: email,
      exactEmailScore: 99,
      charged: true,
      evidence: {
        domain: company,
        catchAll: false,
        pattern: 'first.last',
        mx: { host: 'mx.demo-mail.example' },
        candidates: expect.arrayContaining([expect.objectContaining({ email, code: 250 })]),
      },
    });
    // The footer's Total Emails Found counts it.
    const found = await t.app.inject({ method: 'GET', url: '/api/person/emails-found' });
    expect(found.json()).toEqual({ count: 1 });
  });

  it('answers a catch-all demo company with a lower, uncharged score', async () => {
    const catchAll = domainOfKind('catch-all');
    const person = catchAll.people![0]!;
    const search = await postSearch(
      t.app,
      { companyWebsite: catchAll.name, firstName: person.firstName, lastName: person.lastName },
      { token },
    );
    expect(search.last?.data).toMatchObject({
      exactEmailScore: 50,
      charged: false,
      evidence: { domain: catchAll.name, catchAll: true },
    });
  });

  it("runs a bulk list of demo people in the workers' finder too", async () => {
    const { company, firstName, lastName } = singleSearchExample;
    const catchAll = domainOfKind('catch-all');
    const colleague = demoSpec.domains[0]!.people![1]!;
    const csv = toCsv([
      ['First Name', 'Last Name', 'Company Website'],
      [firstName, lastName, company],
      [colleague.firstName, colleague.lastName, company],
      [catchAll.people![0]!.firstName, catchAll.people![0]!.lastName, catchAll.name],
      ['Nobody', 'Here', company],
    ]);
    const response = await upload(t.app, token, 'demo.csv', csv);
    expect(response.statusCode, response.body).toBe(201);
    const done = await waitUntilDone(t.app, token, response.json().requestId);
    expect(done).toMatchObject({
      status: 'completed',
      result: { successCount: 3, verifiedCount: 2 },
    });
  });

  it("finds a demo lead's address from the Lead Finder", async () => {
    const company = demoCompanies[0]!;
    const lead = company.people[1]!;
    await addCompanies(t.db, [company]);
    await addPeople(t.db, [lead]);
    const [row] = await t.db
      .select({ id: people.id })
      .from(people)
      .where(and(eq(people.fname, lead.firstName), eq(people.lname, lead.lastName)));
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/leads/find-emails',
      payload: { leadIds: [String(row?.id)] },
      headers: { authorization: token },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(findEmailsAnswerSchema.parse(answer.json()).items).toMatchObject([
      { exactEmail: demoSpec.domains[0]!.people![1]!.email, exactEmailScore: 99 },
    ]);
  });

  it('never answers for a real domain: acme.com goes to the configured resolvers', async () => {
    const lab = runningDemoMailWorld();
    expect(lab).toBeDefined();
    const before = lab!.dnsQueries();
    const search = await postSearch(
      t.app,
      { companyWebsite: 'acme.com', firstName: 'Ann', lastName: 'Lee' },
      { token },
    );
    expect(search.last?.data).toMatchObject({ error: 'DNS lookup failed' });
    expect(lab!.dnsQueries()).toBe(before);
  });

  it('lets the finder reach private addresses of its own hosts only', () => {
    const ports = demoWorldPorts(t.config.finder);
    const labHost = runningDemoMailWorld()!.spec.hosts[0]!;
    expect(ports.privateAddressAllowed(labHost.name, labHost.address!)).toBe(true);
    expect(ports.privateAddressAllowed('mx.acme.com', labHost.address!)).toBe(false);
    expect(ports.privateAddressAllowed(labHost.name, '10.0.0.1')).toBe(false);
    expect(isDemoName('ravenmind.example')).toBe(true);
    expect(isDemoName('example.com')).toBe(false);
    expect(isDemoName('acme.examples')).toBe(false);
  });
});
