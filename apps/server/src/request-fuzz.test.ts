import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from './features/auth/server-messages.ts';
import { createList, insertMailbox } from './features/campaigns/campaigns.test-kit.ts';
import type { MailCall } from './features/contacts/contacts.test-kit.ts';
import { labEnv, searchLab } from './features/search/search.test-kit.ts';
import { activeUser } from './test/auth-fixtures.ts';
import {
  concretePath,
  documentedOperations,
  leafPaths,
  type Operation,
  sampleOf,
  withValue,
} from './test/openapi-operations.ts';
import { createTestContext, type TestContext } from './test/test-context.ts';

// Random requests to every documented call, with a valid token: whatever their shape, none
// may answer 5xx. FUZZ_SEED replays a run; FUZZ_RUNS makes it longer (or shorter).
const seed = Number(process.env.FUZZ_SEED ?? 20_261_127);
const runsPerCall = Number(process.env.FUZZ_RUNS ?? 25);

let lab: MailLab;
let t: TestContext;

beforeAll(async () => {
  // Searches that pass validation probe the lab's DNS and SMTP, never the network.
  lab = await startMailLab(searchLab);
  t = await createTestContext({ env: labEnv(lab) });
});
afterAll(async () => {
  await t?.close();
  await lab?.close();
});

// A number as the JSON text carries it: beyond what a double holds, or written to overflow.
class NumberLiteral {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

function toJsonText(value: unknown): string {
  if (value instanceof NumberLiteral) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`,
    );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// What PostgreSQL cannot store: NUL and lone surrogates.
const unstorableText = fc.constantFrom('A\u0000n', 'Ann\ud800', '\udfffLee', 'a\ud800\udc00\udc00');

const awkwardText = fc.constantFrom(
  '',
  ' ',
  '🙂',
  '0',
  '-1',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  "'; drop table users; --",
  '{{first_name}}',
  '<script>alert(1)</script>',
  '00000000-0000-4000-8000-000000000000',
  'ann@acme.test',
  'http://127.0.0.1/',
  '2030-02-30',
  '25:61',
  'x'.repeat(5000),
);

const awkwardNumber = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 0.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc
    .constantFrom('1e400', '-1e400', '123456789012345678901234567890', '1E-400', '-0.0')
    .map((text) => new NumberLiteral(text)),
);

const leaf = fc.oneof(
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 2, arbitrary: unstorableText },
  { weight: 3, arbitrary: awkwardText },
  { weight: 3, arbitrary: awkwardNumber },
  fc.boolean(),
  fc.constant(null),
);

// JSON of any shape, its keys often the call's own field names so that it gets past the
// first checks.
function jsonShape(keys: string[]) {
  const key = fc.oneof(
    keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('name'),
    fc.constantFrom('__proto__', 'constructor', '', 'A\u0000', 'k\ud800'),
    fc.string({ maxLength: 10 }),
  );
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    ),
  })).value;
}

// Arrays or objects nested far deeper than any schema: a parser, a validator, JSON.stringify
// or jsonb may recurse on it.
const deepNesting = fc
  .record({ depth: fc.integer({ min: 1000, max: 20_000 }), objects: fc.boolean() })
  .map(({ depth, objects }) =>
    objects
      ? new NumberLiteral(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)
      : new NumberLiteral(`${'['.repeat(depth)}1${']'.repeat(depth)}`),
  );

// The id sampleOf gives a field named like one; a row of the user's takes its place.
const sampleId = '00000000-0000-4000-8000-000000000000';

// The call's own sample, some of its optional fields left out, with one value anywhere in it
// swapped for something awkward.
function mutatedSample(body: Operation['body'], knownIds: string[]) {
  const sample = (sampleOf(body ?? {}) ?? {}) as Record<string, unknown>;
  const optional = Object.keys(sample).filter((key) => !body?.required?.includes(key));
  return fc
    .record({
      left: fc.subarray(optional),
      // Often every string of the sample at once: whichever one reaches the database.
      everyString: fc.option(unstorableText, { freq: 2 }),
      pick: fc.nat(),
      id: fc.constantFrom(...knownIds),
      value: fc.oneof(
        { weight: 4, arbitrary: leaf },
        { weight: 1, arbitrary: jsonShape(Object.keys(sample)) },
        { weight: 1, arbitrary: deepNesting },
        // The same item thousands of times, as a list field would take it.
        {
          weight: 1,
          arbitrary: fc
            .tuple(leaf, fc.constantFrom(1000, 5000))
            .map(([item, times]) => Array(times).fill(item)),
        },
      ),
    })
    .map(({ left, everyString, pick, id, value }): unknown => {
      let kept: unknown = Object.fromEntries(
        Object.entries(sample).filter(([key]) => !left.includes(key)),
      );
      for (const at of leafPaths(kept, (item) => item === sampleId)) {
        kept = withValue(kept, at, id);
      }
      if (everyString !== null) {
        for (const at of leafPaths(kept, (item) => typeof item === 'string')) {
          kept = withValue(kept, at, everyString);
        }
      }
      const paths = leafPaths(kept);
      const path = paths[pick % Math.max(1, paths.length)];
      return path ? withValue(kept, path, value) : kept;
    });
}

function bodyOf(operation: Operation, knownIds: string[]) {
  const keys = Object.keys((sampleOf(operation.body ?? {}) ?? {}) as object);
  return fc.oneof(
    { weight: 3, arbitrary: mutatedSample(operation.body, knownIds) },
    { weight: 2, arbitrary: jsonShape(keys) },
    { weight: 1, arbitrary: deepNesting },
  );
}

function requestOf(operation: Operation, knownIds: string[]) {
  const queryValue = fc.oneof(
    awkwardText,
    fc.string({ maxLength: 20 }),
    awkwardNumber.map((number) => (number instanceof NumberLiteral ? number.text : String(number))),
  );
  return fc.record({
    pathValue: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...knownIds) },
      fc.uuid(),
      awkwardText,
      fc.constantFrom('1', '-1', '99999999999999999999', 'NaN'),
    ),
    query: fc.dictionary(
      fc.oneof(fc.constantFrom(...operation.query.map(({ name }) => name), 'page'), fc.string()),
      queryValue,
      { maxKeys: 4 },
    ),
    body: bodyOf(operation, knownIds),
  });
}

// Sign-in with Google answers 503 by design on a server without an identity provider (as here).
function deliberatelyUnavailable(response: { statusCode: number; body: string }): boolean {
  return (
    response.statusCode === 503 &&
    response.body.includes(JSON.stringify(serverMessages.googleUnavailable))
  );
}

type FuzzRequest = { pathValue: string; query: Record<string, string>; body: unknown };

// URLSearchParams writes a lone surrogate as U+FFFD, as a browser does.
function urlOf(operation: Operation, request: FuzzRequest): string {
  const path = concretePath(operation.path, request.pathValue.toWellFormed());
  const query = new URLSearchParams(request.query).toString();
  return query ? `${path}?${query}` : path;
}

describe('every documented call, sent random JSON with a valid token', () => {
  it('never answers 5xx', async () => {
    const user = await activeUser(t);
    const authorization = `Bearer ${user.token}`;
    // Rows of the user's own, so that some calls get past "not found" to the work.
    const call: MailCall = (method, url, payload) =>
      t.app.inject({
        method,
        url: `/api/mail${url}`,
        headers: { authorization },
        ...(payload ? { payload } : {}),
      });
    const campaign = await call('POST', '/campaigns', { name: 'Fuzzed' });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const { groupId, customerIds } = await createList(call, 'Fuzzed list', ['fuzz@client.test']);
    const knownIds = [
      (campaign.json() as { id: string }).id,
      groupId,
      ...customerIds,
      await insertMailbox(t, user.id),
    ];

    const operations = await documentedOperations(t);
    expect(operations.length).toBeGreaterThan(90);
    const failures: string[] = [];
    const answered = new Map<number, number>();
    for (const [index, operation] of operations.entries()) {
      const property = fc.asyncProperty(requestOf(operation, knownIds), async (request) => {
        const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
        const payload = hasBody ? toJsonText(request.body) : undefined;
        const response = await t.app.inject({
          method: operation.method,
          url: urlOf(operation, request),
          headers: {
            authorization,
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        answered.set(response.statusCode, (answered.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500 && !deliberatelyUnavailable(response)) {
          throw new Error(
            `${operation.method} ${urlOf(operation, request)} ${(payload ?? '').slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`,
          );
        }
      });
      const details = await fc.check(property, { seed: seed + index, numRuns: runsPerCall });
      if (details.failed) {
        failures.push(
          `${operation.method} ${operation.path} (FUZZ_SEED=${seed}, seed ${seed + index}):\n${(fc.defaultReportMessage(details) ?? '').slice(0, 1500)}\n${String(details.errorInstance).slice(0, 1500)}`,
        );
      }
    }
    const statuses = [...answered].sort(([a], [b]) => a - b).map(([code, n]) => `${code}×${n}`);
    console.info(
      `request fuzz: ${operations.length} calls, ${runsPerCall} runs each, FUZZ_SEED=${seed}; answers ${statuses.join(' ')}`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});
