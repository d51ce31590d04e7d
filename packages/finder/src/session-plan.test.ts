import { describe, expect, it } from 'vitest';
import { findRow, type LookupRow, verifyRow, withCandidates } from './lookup-rows.ts';
import {
  catchAllProbeAddress,
  catchAllVerdict,
  firstStage,
  isSettled,
  mergeReplies,
  openRows,
  type PlanState,
  secondStage,
  sessionGroups,
} from './session-plan.ts';
import { reply } from './smtp-lookup.test-kit.ts';
import type { SmtpReply } from './smtp-reply.ts';

const probeAddress = 'a1b2c3d4e5f6x0a0b@acme.test';

const rowsFor = (names: string[], learnt: string | null = null): LookupRow[] =>
  withCandidates(
    names.map((name) => {
      const [firstName, lastName] = name.split(' ');
      return findRow({ firstName: firstName!, lastName: lastName!, domain: 'acme.test' });
    }),
    'acme.test',
    learnt,
  );

const state = (extra: Partial<PlanState> = {}): PlanState => ({
  replies: new Map(),
  probeAddress,
  catchAll: null,
  learnt: null,
  known: false,
  ambiguous: new Set(),
  ...extra,
});

const replies = (entries: Record<string, number>): Map<string, SmtpReply> =>
  new Map(Object.entries(entries).map(([rcpt, code]) => [rcpt, reply(code)]));

describe('the session plan', () => {
  it('gives each domain of a batch its own sessions, at most 25 rows to one', () => {
    const domains = [...Array.from({ length: 30 }, () => 'big.test'), 'small.test', 'big.test'];
    expect(sessionGroups(domains).map((g) => [g.domain, g.rows.length])).toEqual([
      ['big.test', 25],
      ['big.test', 6],
      ['small.test', 1],
    ]);
    expect(sessionGroups(domains)[1]?.rows).toEqual([25, 26, 27, 28, 29, 31]);
  });

  it('probes for catch-all with a random address at the domain', () => {
    const address = catchAllProbeAddress('acme.test', (n) => Buffer.alloc(n, 0xab));
    expect(address).toBe('abababababab' + 'x' + 'abab@acme.test');
    expect(catchAllProbeAddress('acme.test')).not.toBe(catchAllProbeAddress('acme.test'));
  });

  it('asks first for the probe and the four most frequent candidates of each row', () => {
    const rows = rowsFor(['Jane Roe', 'John Doe']);
    expect([...firstStage(rows, state())]).toEqual([
      probeAddress,
      'jane.roe@acme.test',
      'jroe@acme.test',
      'jane@acme.test',
      'janeroe@acme.test',
      'john.doe@acme.test',
      'jdoe@acme.test',
      'john@acme.test',
      'johndoe@acme.test',
    ]);
  });

  it('asks first only for the learnt pattern, and not for the probe once the verdict is known', () => {
    const rows = rowsFor(['Jane Roe'], 'flast');
    expect([...firstStage(rows, state({ learnt: 'flast', catchAll: false }))]).toEqual([
      'jroe@acme.test',
    ]);
  });

  it('asks for the address itself when verifying', () => {
    const { row } = verifyRow('Info@Acme.test');
    expect([...firstStage([row], state({ catchAll: false }))]).toEqual(['info@acme.test']);
  });

  it('asks in stage 2 for the rest of the rows still without an exact match', () => {
    const [jane, john] = rowsFor(['Jane Roe', 'John Doe']);
    const first = firstStage([jane!, john!], state());
    const heard = state({
      replies: replies({ [probeAddress]: 550, 'jane.roe@acme.test': 250 }),
    });
    const second = [...secondStage([jane!, john!], heard, first)];
    // John's fifth candidate (f.last), none of Jane's, nothing stage 1 asked.
    expect(second).toContain('j.doe@acme.test');
    expect(jane!.candidates.filter((c) => second.includes(c.email))).toEqual([]);
    expect(second.filter((rcpt) => first.has(rcpt))).toEqual([]);
  });

  it('asks a greylisted candidate of an earlier session again in stage 2', () => {
    const [jane] = rowsFor(['Jane Roe']);
    const heard = state({
      catchAll: false,
      replies: replies({ 'jane.roe@acme.test': 451, 'jroe@acme.test': 550 }),
    });
    const first = firstStage([jane!], heard);
    expect(first.has('jane.roe@acme.test')).toBe(true);
    expect(secondStage([jane!], heard, new Set())).toContain('jane.roe@acme.test');
    expect(secondStage([jane!], heard, new Set())).not.toContain('jroe@acme.test');
  });

  it('asks nothing more once the probe was accepted: the domain is catch-all', () => {
    const rows = rowsFor(['Jane Roe']);
    const heard = state({ replies: replies({ [probeAddress]: 250 }) });
    expect(secondStage(rows, heard, firstStage(rows, state())).size).toBe(0);
  });

  it('settles a row on an accepted exact address nobody else in the batch produced', () => {
    const [jane] = rowsFor(['Jane Roe']);
    const accepted = replies({ 'jane.roe@acme.test': 250 });
    expect(isSettled(jane!, state({ replies: accepted }))).toBe(true);
    expect(
      isSettled(jane!, state({ replies: accepted, ambiguous: new Set(['jane.roe@acme.test']) })),
    ).toBe(false);
    expect(isSettled(jane!, state({ replies: replies({ 'jane@acme.test': 250 }) }))).toBe(false);
  });

  it("settles on the learnt pattern's address only when it is exact or the pattern is known", () => {
    const [jane] = rowsFor(['Jane Roe'], 'first');
    const accepted = replies({ 'jane@acme.test': 250 });
    expect(isSettled(jane!, state({ replies: accepted, learnt: 'first' }))).toBe(false);
    expect(isSettled(jane!, state({ replies: accepted, learnt: 'first', known: true }))).toBe(true);
  });

  it('leaves open the rows neither settled nor fully answered', () => {
    const rows = rowsFor(['Jane Roe', 'John Doe']);
    const all = rows[1]!.candidates.map((c) => [c.email, 550] as const);
    const heard = state({
      replies: replies({ 'jane.roe@acme.test': 451, ...Object.fromEntries(all) }),
    });
    expect(openRows(rows, heard)).toEqual([rows[0]]);
  });

  it('keeps a decided reply when a later session answers 4xx or not at all', () => {
    const heard = replies({ 'a@acme.test': 250, 'b@acme.test': 451 });
    mergeReplies(heard, replies({ 'a@acme.test': 451, 'b@acme.test': 550, 'c@acme.test': 0 }));
    expect(Object.fromEntries([...heard].map(([rcpt, r]) => [rcpt, r.code]))).toEqual({
      'a@acme.test': 250,
      'b@acme.test': 550,
      'c@acme.test': 0,
    });
  });

  it('reads the catch-all verdict from the probe: accepted, refused, or still open', () => {
    expect(catchAllVerdict(probeAddress, reply(250, 'OK'))).toEqual({
      catchAll: true,
      probe: { email: probeAddress, code: 250, enhanced: null, text: 'OK', cached: false },
    });
    expect(catchAllVerdict(probeAddress, reply(550))?.catchAll).toBe(false);
    expect(catchAllVerdict(probeAddress, reply(451))).toBeNull();
    expect(catchAllVerdict(probeAddress, undefined)).toBeNull();
  });
});
