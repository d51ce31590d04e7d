import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { authCleanupQueue } from './jobs.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ jobs: true });
});
afterAll(() => t.close());

it('the hourly auth-cleanup job drops expired codes and links', async () => {
  const user = await signUp(t);
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/password/forgot',
    payload: { email: user.username },
  });
  const tables = ['verification_codes', 'password_resets', 'password_reset_requests'];
  for (const table of tables) expect(await t.countRows(table), table).toBe(1);

  await t.jobs?.sendAndWait(authCleanupQueue, {});
  for (const table of tables) expect(await t.countRows(table), table).toBe(1);

  t.clock.advance(2 * 60 * 60_000);
  await t.jobs?.sendAndWait(authCleanupQueue, {});
  for (const table of tables) expect(await t.countRows(table), table).toBe(0);
  expect(await t.countRows('users')).toBeGreaterThan(0);
});
