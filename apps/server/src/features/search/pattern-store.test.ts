import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createPgPatternStore } from './pattern-store.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it('knows nothing about a domain without verified addresses', async () => {
  expect(await createPgPatternStore(t.db).get('unknown.test')).toBeNull();
});

it('leads with the pattern most verified addresses follow; the others contradict it', async () => {
  const store = createPgPatternStore(t.db);
  await store.record('acme.test', { pattern: 'flast', email: 'jdoe@acme.test' });
  await store.record('acme.test', { pattern: 'first.last', email: 'ann.lee@acme.test' });
  await store.record('acme.test', { pattern: 'first.last', email: 'bob.roe@acme.test' });
  await store.record('acme.test', { pattern: 'none', email: 'boss@acme.test' });
  expect(await store.get('acme.test')).toEqual({
    pattern: 'first.last',
    confirmations: 2,
    contradictions: 2,
  });
});

it('counts an address once, with its latest pattern', async () => {
  const store = createPgPatternStore(t.db);
  await store.record('once.test', { pattern: 'first', email: 'Ann@once.test' });
  await store.record('once.test', { pattern: 'first', email: 'ann@once.test' });
  expect(await store.get('once.test')).toEqual({
    pattern: 'first',
    confirmations: 1,
    contradictions: 0,
  });
  await store.record('once.test', { pattern: 'none', email: 'ann@once.test' });
  expect(await store.get('once.test')).toBeNull();
});

it('keeps the pattern seen first on a tie', async () => {
  const store = createPgPatternStore(t.db);
  await store.record('tie.test', { pattern: 'flast', email: 'alee@tie.test' });
  await store.record('tie.test', { pattern: 'first.last', email: 'bob.roe@tie.test' });
  expect(await store.get('tie.test')).toMatchObject({ pattern: 'flast', confirmations: 1 });
});
