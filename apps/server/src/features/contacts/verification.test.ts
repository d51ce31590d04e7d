import { randomUUID } from 'node:crypto';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { labEnv, postSearch, searchLab } from '../search/search.test-kit.ts';
import { type MailCall, mailUser, readEventStream } from './contacts.test-kit.ts';

let lab: MailLab;
let t: TestContext;

beforeAll(async () => {
  lab = await startMailLab(searchLab);
  t = await createTestContext({ env: labEnv(lab) });
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

async function bulkFound(userId: string, email: string, score: number) {
  const requestId = randomUUID();
  await t.db.execute(sql`
    insert into bulk_requests (id, user_id, file_name, header, status, total, held)
    values (${requestId}, ${userId}, 'list.csv', '["email"]'::jsonb, 'completed', 1, 0)`);
  await t.db.execute(sql`
    insert into bulk_rows (request_id, row_index, chunk, cells, query, state, email, score)
    values (${requestId}, 0, 0, '[]'::jsonb, '{}'::jsonb, 'done', ${email}, ${score})`);
}

async function listOf(call: MailCall, emails: string[]) {
  const created = await call('POST', '/customers/create-or-update', {
    customers: emails.map((email) => ({ email, fname: 'Pat', lname: 'Lee' })),
  });
  const end = readEventStream(created.body).at(-1)?.data as { id: string };
  const ids = (
    (await call('GET', `/customers/create-or-update/${end.id}`)).json() as {
      data: { id: string }[];
    }
  ).data.map((row) => row.id);
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

  it('gives the score of our latest search that found the address, else whether we verified it', async () => {
    const user = await mailUser(t);
    const stranger = await mailUser(t);
    await singleSearchFound(user.id, 'ana@found.test', 97);
    await bulkFound(user.id, 'Bo@Found.test', 80);
    // Found earlier at 60, verified later: the latest search wins.
    await singleSearchFound(user.id, 'cy@found.test', 60);
    await bulkFound(user.id, 'cy@found.test', 99);
    await t.db.execute(sql`insert into found_emails (email) values ('dee@found.test')`);
    // Another user's search says nothing about this user's contact.
    await singleSearchFound(stranger.id, 'eve@found.test', 98);

    const verification = await listOf(user.call, [
      'ana@found.test',
      'bo@found.test',
      'cy@found.test',
      'dee@found.test',
      'eve@found.test',
      'typed@nowhere.test',
    ]);
    expect(verification).toEqual({
      'ana@found.test': { status: 'verified', score: 97 },
      'bo@found.test': { status: 'possible', score: 80 },
      'cy@found.test': { status: 'verified', score: 99 },
      'dee@found.test': { status: 'verified', score: null },
      'eve@found.test': { status: 'unverified', score: null },
      'typed@nowhere.test': { status: 'unverified', score: null },
    });
  });
});
