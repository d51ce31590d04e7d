import { everyObservation } from '@mailhound/finder';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { observationOf, recordPeopleSeen } from './observations.ts';
import { createPgPatternStore } from './pattern-store.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it("takes the pattern of a person's address for their name, none when it follows none", () => {
  expect(
    observationOf({ firstName: 'Søren', lastName: 'Berg', email: 'Soeren.Berg@Acme.dk' }, 'known'),
  ).toEqual({
    domain: 'acme.dk',
    observation: {
      pattern: 'first.last',
      email: 'soeren.berg@acme.dk',
      source: 'known',
      owner: 'soren berg',
    },
  });
  expect(
    observationOf({ firstName: 'Ann', lastName: 'Lee', email: 'boss@acme.test' }, 'reply'),
  ).toMatchObject({ observation: { pattern: 'none' } });
});

it('learns nothing from free-mail or role addresses, but keeps their bounces', () => {
  const ann = { firstName: 'Ann', lastName: 'Lee' };
  expect(observationOf({ ...ann, email: 'ann.lee@gmail.com' }, 'known')).toBeNull();
  expect(observationOf({ ...ann, email: 'info@acme.test' }, 'known')).toBeNull();
  expect(observationOf({ ...ann, email: 'not an address' }, 'known')).toBeNull();
  expect(observationOf({ ...ann, email: 'ann.lee@gmail.com' }, 'bounce')).toMatchObject({
    domain: 'gmail.com',
  });
});

it('records many people at once; their domains learn the pattern', async () => {
  const people = Array.from({ length: 1200 }, (_, i) => ({
    firstName: `Ann${String.fromCharCode(97 + (i % 26))}`,
    lastName: `Lee${i}`,
    email: `ann${String.fromCharCode(97 + (i % 26))}.lee${i}@many.test`,
  }));
  const recorded = await recordPeopleSeen(t.db, [...people, people[0]!], 'known', 'uploader');
  expect(recorded).toBe(1201);
  const view = { ...everyObservation, viewer: 'uploader' };
  expect(await createPgPatternStore(t.db).get('many.test', view)).toMatchObject({
    pattern: 'first.last',
    confirmations: 1200,
    contradictions: 0,
    sources: { known: 1200 },
  });
});
