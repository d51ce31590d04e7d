import {
  createMemoryPatternStore,
  type EvidenceView,
  everyObservation,
  type ObservationSource,
  type PatternObservation,
} from '@mailhound/finder';
import { seededRandom } from '@mailhound/mail-lab';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createPgPatternStore, recordObservations } from './pattern-store.ts';

// The PostgreSQL store counts most addresses in SQL and weighs only the rest in JavaScript;
// whatever observations a domain holds, every view must get the answers the finder's own
// evidenceFor gives from every row (the memory store).

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const users = ['u1', 'u2', 'u3'];
const patternIds = ['first.last', 'flast', 'first', 'none'];
const userSources: ObservationSource[] = ['known', 'reply', 'bounce', 'delivered'];
const start = Date.UTC(2026, 0, 1);
const day = 86_400_000;

// A seeded history at a few domains: the finder and three users observe a small pool of
// addresses (so several see the same one, and patterns tie), every source, spread over a year
// (so some bounces are recent and some old). Each observer always names an address's owner the
// same way (or never), as an upload or a mailbox would.
function history(seed: number) {
  const { next: random, int, pick, chance } = seededRandom(seed);
  const steps: { domain: string; at: number; observation: PatternObservation }[] = [];
  // Per domain, a time halfway through its history: bounces before it are old.
  const halfway = new Map<string, number>();
  let at = start;
  for (const domain of [`a${seed}.test`, `b${seed}.test`, `c${seed}.test`]) {
    const emails = Array.from({ length: int(4, 40) }, (_, i) => ({
      // Of one length, so that PostgreSQL's collation orders them as JavaScript does.
      email: `p${String(i).padStart(2, '0')}@${domain}`,
      pattern: pick(patternIds),
    }));
    const owners = new Map<string, string | undefined>();
    const from = at;
    for (let step = 0; step < int(10, 50); step++) {
      const { email, pattern } = pick(emails);
      const observer = chance(0.35) ? undefined : pick(users);
      const source: ObservationSource =
        observer === undefined ? (chance(0.7) ? 'verified' : 'smtp') : pick(userSources);
      const ownerKey = `${email} ${observer}`;
      if (!owners.has(ownerKey))
        owners.set(ownerKey, chance(0.7) ? `owner-${pick(['ann', 'bob', 'cy'])}` : undefined);
      const owner = owners.get(ownerKey);
      // Some at the same time (one upload, one reply pass), a few months apart.
      if (chance(0.7))
        at += chance(0.1) ? Math.floor(random() * 200 * day) : Math.floor(random() * 3 * day);
      steps.push({
        domain,
        at,
        observation: {
          email,
          pattern: chance(0.8) ? pattern : pick(patternIds),
          source,
          ...(owner ? { owner } : {}),
          ...(observer ? { observer } : {}),
        },
      });
    }
    halfway.set(domain, (from + at) / 2);
  }
  return { steps, halfway };
}

const array = (values: readonly (string | number)[], type: string) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;

// Records a history into both stores; PostgreSQL then gets the memory store's times (when each
// row was first recorded, and its latest observation), which its own clock cannot give.
async function recordBoth(seed: number) {
  const { steps, halfway } = history(seed);
  const random = seededRandom(seed);
  let now = start;
  const memory = createMemoryPatternStore({}, { now: () => now });
  const pg = createPgPatternStore(t.db);
  for (const { domain, at, observation } of steps) {
    now = at;
    memory.record(domain, observation);
    await pg.record(domain, observation);
  }
  const domains = [...memory.entries()];
  for (const [domain, rows] of domains) {
    const recorded = [...rows.values()];
    // Rows recorded by one statement share a creation time and are ordered by address and
    // observer: some consecutive rows that are in that order share one here.
    const key = (r: (typeof recorded)[number]) => `${r.email} ${r.observer ?? ''}`;
    let rank = 0;
    const ranks = recorded.map((r, i) => {
      const previous = recorded[i - 1];
      if (!previous || key(previous) >= key(r) || random.chance(0.2)) rank++;
      return rank;
    });
    const emails = array(
      recorded.map((r) => r.email),
      'text',
    );
    const observers = array(
      recorded.map((r) => r.observer ?? ''),
      'text',
    );
    const times = array(
      recorded.map((r) => r.at),
      'float8',
    );
    await t.db.execute(sql`
      update domain_patterns set
        created_at = timestamptz 'epoch' + times.rank * interval '1 millisecond',
        updated_at = timestamptz 'epoch' + times.at * interval '1 millisecond'
      from unnest(${emails}, ${observers}, ${times}, ${array(ranks, 'int')})
        as times(email, observer, at, rank)
      where domain = ${domain} and domain_patterns.email = times.email
        and domain_patterns.observer = times.observer`);
    const stored = await t.db.execute<Record<string, string | null>>(sql`
      select email, pattern, source, owner, observer from domain_patterns
      where domain = ${domain} order by created_at, email, observer`);
    // The same rows in both stores, so any difference below is the reading's.
    expect(stored.rows).toEqual(
      recorded.map((r) => ({
        email: r.email,
        pattern: r.pattern,
        source: r.source,
        owner: r.owner ?? null,
        observer: r.observer ?? '',
      })),
    );
  }
  return { memory, pg, domains, halfway };
}

it('answers every view as the finder weighs every row, for random observations', async () => {
  let compared = 0;
  for (let seed = 1; seed <= 12; seed++) {
    const { memory, pg, domains, halfway } = await recordBoth(seed);
    for (const [domain, rows] of domains) {
      const views: (EvidenceView | undefined)[] = [undefined];
      for (const viewer of [undefined, ...users, 'nobody'])
        for (const [minObservers, maxPerObserver] of [
          [2, 2],
          [1, 1],
          [3, 0],
        ] as const)
          for (const bouncingSince of [Number.NEGATIVE_INFINITY, halfway.get(domain) ?? 0])
            views.push({
              ...(viewer ? { viewer } : {}),
              bouncingSince,
              minObservers,
              maxPerObserver,
            });
      const emails = [...new Set([...rows.values()].map((r) => r.email)), `x@${domain}`];
      for (const view of views) {
        const context = { seed, domain, view };
        expect({ ...context, get: await pg.get(domain, view) }).toEqual({
          ...context,
          get: memory.get(domain, view),
        });
        expect({ ...context, bounced: await pg.bounced(domain, view) }).toEqual({
          ...context,
          bounced: memory.bounced(domain, view),
        });
        expect({ ...context, owners: await pg.owners(domain, emails, view) }).toEqual({
          ...context,
          owners: memory.owners(domain, emails, view),
        });
        compared++;
        // One address asked alone is whose it is whatever else the domain holds.
        const { maxPerObserver, bouncingSince } = view ?? everyObservation;
        if (maxPerObserver === 0 || bouncingSince !== Number.NEGATIVE_INFINITY) continue;
        for (const email of emails)
          expect({ ...context, owners: await pg.owners(domain, [email], view) }).toEqual({
            ...context,
            owners: memory.owners(domain, [email], view),
          });
      }
    }
  }
  expect(compared).toBe(12 * 3 * 31);
  // Several thousand reads: slow on a busy machine.
}, 180_000);

it('keeps the pattern seen first on a tie within one upload, in the order of its addresses', async () => {
  const upload = [
    { email: 'a@upload.test', pattern: 'flast' },
    { email: 'b@upload.test', pattern: 'first.last' },
    { email: 'c@upload.test', pattern: 'first.last' },
    { email: 'd@upload.test', pattern: 'flast' },
  ].map((o) => ({ ...o, source: 'known' as const, observer: 'u1' }));
  // One statement: the rows share their creation time, whatever order the upload had.
  await recordObservations(
    t.db,
    upload.toReversed().map((observation) => ({ domain: 'upload.test', observation })),
  );
  // One time for every row, as PostgreSQL gives them.
  const memory = createMemoryPatternStore({ 'upload.test': upload }, { now: () => start });
  const uploader = { ...everyObservation, viewer: 'u1' };
  for (const view of [undefined, uploader])
    expect(await createPgPatternStore(t.db).get('upload.test', view)).toEqual(
      memory.get('upload.test', view),
    );
  expect(memory.get('upload.test', uploader)).toMatchObject({ pattern: 'flast', confirmations: 2 });
});
