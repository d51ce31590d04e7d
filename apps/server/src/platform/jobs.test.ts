import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-context.ts';
import { pingQueue } from './jobs.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ jobs: true });
});
afterAll(() => t.close());

it('runs a ping job round trip through pg-boss', async () => {
  const output = await t.jobs?.sendAndWait(pingQueue, { at: 'hello' });
  expect(output).toEqual({ pong: 'hello' });
});
