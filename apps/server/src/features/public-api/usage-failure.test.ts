import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createApiKey } from '../api-keys/api-keys.test-kit.ts';
import { v2 } from './public-api.test-kit.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

afterAll(async () => {
  await t?.close();
});

describe('a usage row that cannot be written', () => {
  it('is logged, the call still answers, and the process lives on', async () => {
    const user = await activeUser(t);
    const { key, id } = await createApiKey(t, user.token);
    // The database refuses this key's usage rows, as it would if the key's account were
    // deleted while its call ran.
    await t.pool.query(`
      create function refuse_usage() returns trigger language plpgsql as $$
      begin raise exception 'usage refused'; end $$;
      create trigger refuse_usage before insert on api_usage
        for each row when (new.key_id = '${id}') execute function refuse_usage();`);
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const answer = await v2(t.app, 'account', key);
      expect(answer.statusCode).toBe(200);
      // Unhandled rejections are reported after the current turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
      await t.pool.query('drop trigger refuse_usage on api_usage; drop function refuse_usage();');
    }
  });
});
