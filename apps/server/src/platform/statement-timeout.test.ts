import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailUser } from '../features/contacts/contacts.test-kit.ts';
import { createTestContext, type TestContext } from '../test/test-context.ts';
import { openDatabase, STATEMENT_TIMEOUT_MS, withSessionLock } from './database.ts';

// Security review 2d: with no statement timeout, one slow request held a pooled connection
// for as long as its statement ran. A tiny timeout stands in for the serving processes' 30 s.

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ statementTimeoutMs: 300 });
});
afterAll(() => t.close());

describe('the statement timeout', () => {
  it('cancels a statement waiting past it and answers a 503 in words, storing nothing', async () => {
    const { call } = await mailUser(t);
    const before = await t.countRows('additional_fields');
    // Another session holds the table, as a long statement would.
    const holder = await t.pool.connect();
    await holder.query('begin');
    await holder.query('lock table additional_fields in access exclusive mode');
    // Without a timeout the request would wait for the holder; it lets go in the end.
    const release = setTimeout(() => void holder.query('rollback'), 5_000);
    try {
      const response = await call('POST', '/additional-fields', { name: 'Region' });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(
        'The request took too long and was stopped. Please try again later.',
      );
    } finally {
      clearTimeout(release);
      await holder.query('rollback');
      holder.release();
    }
    expect(await t.countRows('additional_fields')).toBe(before);
    // The pool goes on serving.
    expect((await call('POST', '/additional-fields', { name: 'Region' })).statusCode).toBe(200);
  });

  it('is 30 s on the serving pool; the commands open theirs without it', async () => {
    const config = t.config;
    const serving = await openDatabase(config, () => undefined, {
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
    const command = await openDatabase(config, () => undefined);
    try {
      const shown = async (database: typeof serving) =>
        (await database.pool.query('show statement_timeout')).rows[0]?.statement_timeout;
      expect(await shown(serving)).toBe('30s');
      expect(await shown(command)).toBe('0');
    } finally {
      await serving.close();
      await command.close();
    }
  });

  it('lets a session lock be waited for longer than the timeout', async () => {
    const holder = await t.pool.connect();
    await holder.query("select pg_advisory_lock(hashtext('long-work'))");
    const waiting = withSessionLock(t.db, 'long-work', async () => 'ran');
    // Ten times the timeout; only then does the holder let go.
    await new Promise((done) => setTimeout(done, 3_000));
    await holder.query("select pg_advisory_unlock(hashtext('long-work'))");
    holder.release();
    await expect(waiting).resolves.toBe('ran');
    // The connection went back to the pool with the pool's own timeout.
    const settings = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const client = await t.pool.connect();
        const { rows } = await client.query('show statement_timeout');
        return { client, value: rows[0]?.statement_timeout };
      }),
    );
    for (const { client } of settings) client.release();
    expect(settings.map((setting) => setting.value)).toEqual(Array(5).fill('300ms'));
  });
});
