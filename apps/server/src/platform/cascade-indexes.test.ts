import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-context.ts';

// Deleting a row deletes the rows that reference it ON DELETE CASCADE: PostgreSQL finds them by
// the referencing columns, so without an index leading with those columns every deleted row
// scans the whole referencing table. Deleting an account with 100,000 contacts then ran one
// scan of campaign_sends and create_operation_customers per contact, far past the 30 s a
// statement may run (the review of session 12 found it). A key to the users table is left out:
// an account is deleted alone, one scan per table.

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the schema', () => {
  it('indexes the columns of every foreign key that cascades a delete of many rows', async () => {
    const unindexed = await t.pool.query<{ constraint: string }>(`
      select c.conrelid::regclass || ' (' || c.conname || ')' as constraint
      from pg_constraint c
      where c.contype = 'f' and c.confdeltype = 'c'
        and c.connamespace = 'public'::regnamespace and c.confrelid <> 'users'::regclass
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] @> c.conkey
            and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] <@ c.conkey)
      order by 1`);
    expect(unindexed.rows.map((row) => row.constraint)).toEqual([]);
  });
});
