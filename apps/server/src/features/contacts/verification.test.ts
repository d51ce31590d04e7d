import { randomUUID } from 'node:crypto';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { buyResult, completedUpload, toCsv } from '../bulk/bulk.test-kit.ts';
import { labEnv, postSearch, searchLab } from '../search/search.test-kit.ts';
import { type MailCall, mailUser, readEventStream } from './contacts.test-kit.ts';

let lab: MailLab;
let t: TestContext;

beforeAll(async () => {
  lab = await startMailLab(searchLab);
  t = await createTestContext({ jobs: true, env: labEnv(lab) });
});
afterAll(async () => {
  await t.close();
  await lab.close();
});

// The records our searches leave behind: a settled single search and a done bulk row.
async function singleSearchFound(userId: string, email: string, score: number) {
  await t.db.execute(sql`
    insert into search_history (id, user_id, client_address, query, result, score, settled_at)
    values (${randomUUID()}, ${userId}, '127.0.0.1',
      ${JSON.stringify({ firstName: 'A', lastName: 'B', companyWebsite: 'x.test' })}::jsonb,
      ${JSON.stringify({ exactEmail: email, exactEmailScore: score })}::jsonb, ${score}, now())`);
}

// A done bulk row of a completed request, its result bought or not.
async function bulkFound(userId: string, email: string, score: number, paid = true) {
  const requestId = randomUUID();
  await t.db.execute(sql`
    insert into bulk_requests (id, user_id, file_name, header, status, total, held)
    values (${requestId}, ${userId}, 'list.csv', '["email"]'::jsonb, 'completed', 1, 0)`);
  await t.db.execute(sql`
    insert into bulk_rows (request_id, row_index, chunk, cells, query, state, email, score)
    values (${requestId}, 0, 0, '[]'::jsonb, '{}'::jsonb, 'done', ${email}, ${score})`);
  if (paid) {
    await t.db.execute(sql`
      insert into bulk_purchases (id, request_id, user_id, credits)
      values (${randomUUID()}, ${requestId}, ${userId}, 1)`);
  }
}

// The contacts made of the addresses, as an import makes them.
async function imported(call: MailCall, emails: string[]) {
  const created = await call('POST', '/customers/create-or-update', {
    customers: emails.map((email) => ({ email, fname: 'Pat', lname: 'Lee' })),
  });
  const end = readEventStream(created.body).at(-1)?.data as { id: string };
  return (
    (await call('GET', `/customers/create-or-update/${end.id}`)).json() as {
      data: { id: string; email: string }[];
    }
  ).data;
}

async function listOf(call: MailCall, emails: string[]) {
  const ids = (await imported(call, emails)).map((row) => row.id);
  const group = (await call('POST', '/groups', { name: 'Checked', customer_ids: ids })).json();
  const page = await call('GET', `/groups/${group.id}/extended?page=1&count=20`);
  expect(page.statusCode, page.body).toBe(200);
  return Object.fromEntries(
    (page.json().customers as { email: string; verification: unknown }[]).map((row) => [
      row.email,
      row.verification,
    ]),
  );
}

describe("a contact's verification", () => {
  it('shows the verdict of real single searches: verified on an exact match, possible on a catch-all', async () => {
    const user = await mailUser(t);
    const exact = await postSearch(
      t.app,
      { firstName: 'Ann', lastName: 'Lee', companyWebsite: 'acme.test' },
      { token: user.token },
    );
    expect(exact.last?.data).toMatchObject({ exactEmail: 'ann.lee@acme.test' });
    const catchAll = await postSearch(
      t.app,
      { firstName: 'Bo', lastName: 'Ray', companyWebsite: 'catchall.test' },
      { token: user.token },
    );
    const guess = String(catchAll.last?.data.exactEmail);
    const guessScore = Number(catchAll.last?.data.exactEmailScore);
    expect(guessScore).toBeLessThan(95);

    const verification = await listOf(user.call, ['Ann.Lee@ACME.test', guess]);
    expect(verification).toEqual({
      // Imported addresses are kept in lower case.
      'ann.lee@acme.test': { status: 'verified', score: exact.last?.data.exactEmailScore },
      [guess]: { status: 'possible', score: guessScore },
    });
  });

  it("gives the score of the user's latest search or bought result that found the address, else nothing", async () => {
    const user = await mailUser(t);
    const stranger = await mailUser(t);
    await singleSearchFound(user.id, 'ana@found.test', 97);
    await bulkFound(user.id, 'Bo@Found.test', 80);
    // Found earlier at 60, verified later: the latest search wins.
    await singleSearchFound(user.id, 'cy@found.test', 60);
    await bulkFound(user.id, 'cy@found.test', 99);
    // Verified by somebody's search: the footer counts it, the contact shows nothing.
    await t.db.execute(sql`insert into found_emails (email) values ('dee@found.test')`);
    // Another user's search says nothing about this user's contact.
    await singleSearchFound(stranger.id, 'eve@found.test', 98);
    // Nor does a result the user has not bought.
    await bulkFound(user.id, 'fay@found.test', 99, false);

    const verification = await listOf(user.call, [
      'ana@found.test',
      'bo@found.test',
      'cy@found.test',
      'dee@found.test',
      'eve@found.test',
      'fay@found.test',
      'typed@nowhere.test',
    ]);
    expect(verification).toEqual({
      'ana@found.test': { status: 'verified', score: 97 },
      'bo@found.test': { status: 'possible', score: 80 },
      'cy@found.test': { status: 'verified', score: 99 },
      'dee@found.test': { status: 'unverified', score: null },
      'eve@found.test': { status: 'unverified', score: null },
      'fay@found.test': { status: 'unverified', score: null },
      'typed@nowhere.test': { status: 'unverified', score: null },
    });
  });
});

// What a contact shows of its address: its badge and, outside a list, the campaigns' skip
// reason, read as the contact page reads it.
async function contactsOf(call: MailCall, emails: string[]) {
  const rows = await imported(call, emails);
  const shown: Record<string, { verification: unknown; skipped: unknown }> = {};
  for (const row of rows) {
    const contact = await call('GET', `/customers/${row.id}`);
    expect(contact.statusCode, contact.body).toBe(200);
    const { verification, skipped } = contact.json() as { verification: unknown; skipped: unknown };
    shown[row.email] = { verification, skipped };
  }
  return shown;
}

const nothingKnown = { verification: { status: 'unverified', score: null }, skipped: null };

// The security review's exploits (session 12, 1a and 1b): a contact shows only what its user
// was given, and paid for where it is sold.
describe('a contact shows nothing the user has not paid for', () => {
  it("a find list's address, guessed right before the result is bought, shows unverified until the download", async () => {
    const user = await mailUser(t);
    const item = await completedUpload(
      t.app,
      user.token,
      'find.csv',
      toCsv([
        ['First Name', 'Last Name', 'Company Website'],
        ['Ann', 'Lee', 'acme.test'],
      ]),
    );
    expect(item.result).toMatchObject({ successCount: 1, verifiedCount: 1 });
    const guesses = ['ann.lee@acme.test', 'a.lee@acme.test', 'ann@acme.test'];
    expect(await contactsOf(user.call, guesses)).toEqual(
      Object.fromEntries(guesses.map((email) => [email, nothingKnown])),
    );

    await buyResult(t.app, user.token, item.requestId);
    const after = await contactsOf(user.call, ['ann.lee@acme.test']);
    expect(after['ann.lee@acme.test']).toEqual({
      verification: { status: 'verified', score: 99 },
      skipped: null,
    });
  });

  it("a verify list's addresses show no verdict nor skip reason until the download", async () => {
    const user = await mailUser(t);
    const item = await completedUpload(
      t.app,
      user.token,
      'verify.csv',
      toCsv([['Email'], ['nobody@acme.test'], ['ann.lee@acme.test']]),
    );
    const emails = ['nobody@acme.test', 'ann.lee@acme.test'];
    expect(await contactsOf(user.call, emails)).toEqual({
      'nobody@acme.test': nothingKnown,
      'ann.lee@acme.test': nothingKnown,
    });

    await buyResult(t.app, user.token, item.requestId);
    const after = await contactsOf(user.call, emails);
    expect(after['ann.lee@acme.test']).toEqual({
      verification: { status: 'verified', score: 99 },
      skipped: null,
    });
    expect(after['nobody@acme.test']?.verification).toEqual({ status: 'unverified', score: null });
    expect(after['nobody@acme.test']?.skipped).toMatch(/^Skipped: the address is invalid \(/);
  });

  it("another user's paid search gives nothing; the searcher's own contact shows it", async () => {
    const user = await mailUser(t);
    const searcher = await mailUser(t);
    const search = await postSearch(
      t.app,
      { firstName: 'Ann', lastName: 'Lee', companyWebsite: 'acme.test' },
      { token: searcher.token },
    );
    expect(search.last?.data).toMatchObject({ exactEmail: 'ann.lee@acme.test' });
    expect(await contactsOf(user.call, ['ann.lee@acme.test'])).toEqual({
      'ann.lee@acme.test': nothingKnown,
    });
    const own = await contactsOf(searcher.call, ['ann.lee@acme.test']);
    expect(own['ann.lee@acme.test']?.verification).toMatchObject({
      score: search.last?.data.exactEmailScore,
    });
  });
});
