import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bounceMessages } from '@mailhound/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../platform/migrations.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { insertMailbox } from '../campaigns/campaigns.test-kit.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { mailboxes } from './schema.ts';

let t: TestContext;
let userId: string;
let call: MailCall;

beforeAll(async () => {
  t = await createTestContext();
  ({ id: userId, call } = await mailUser(t));
});
afterAll(async () => t?.close());

// The migration's hand-written back-fill, found by what it does (the integrator renames the
// migration when merging branches).
function backFill(): string {
  const marker = `LIKE 'Sending paused:%'`;
  for (const file of readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql'))) {
    const statements = readFileSync(join(migrationsFolder, file), 'utf8').split(
      '--> statement-breakpoint',
    );
    const found = statements.find((statement) => statement.includes(marker));
    if (found) return found;
  }
  throw new Error('no back-fill of stopped mailboxes among the migrations');
}

describe('the back-fill of mailboxes stopped before the stop had its own columns', () => {
  it('makes a mailbox stopped by the guard active with its sending paused, and leaves a failed login alone', async () => {
    const old = bounceMessages
      .mailboxPaused(3, 20, 10)
      .replace(
        'Check the lists it sends to, then click Resume sending.',
        'Save its connection again to resume.',
      );
    const stopped = await insertMailbox(t, userId, { status: 'error' });
    const failed = await insertMailbox(t, userId, { status: 'error' });
    await t.db.update(mailboxes).set({ statusMessage: old }).where(eq(mailboxes.id, stopped));
    await t.db
      .update(mailboxes)
      .set({ statusMessage: 'SMTP: 535 Authentication failed' })
      .where(eq(mailboxes.id, failed));
    await t.db.execute(sql.raw(backFill()));
    const answer = async (id: string) => (await call('GET', `/mailboxes/${id}`)).json();
    expect(await answer(stopped)).toMatchObject({
      status: 'active',
      status_message: null,
      sending_paused_reason: bounceMessages.mailboxPaused(3, 20, 10),
    });
    expect(await answer(failed)).toMatchObject({
      status: 'error',
      status_message: 'SMTP: 535 Authentication failed',
      sending_paused_reason: null,
    });
  });
});
