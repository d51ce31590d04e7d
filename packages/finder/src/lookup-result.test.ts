import { describe, expect, it } from 'vitest';
import type { DomainLookup } from './domain-lookup.ts';
import { candidateEvidence, findResult, rowObservation, scoreRow } from './lookup-result.ts';
import { findRow, type LookupRow, verifyRow, withCandidates } from './lookup-rows.ts';
import { domainLookup, reply } from './smtp-lookup.test-kit.ts';

const lookup = (extra: Partial<DomainLookup> = {}): DomainLookup =>
  domainLookup({
    mx: { host: 'mx.acme.test', address: '192.0.2.1', priority: 10, tls: true },
    catchAll: false,
    sessions: 1,
    attempts: 1,
    dnsMs: 3,
    smtpMs: 40,
    ...extra,
  });

const jane = (): LookupRow =>
  withCandidates(
    [findRow({ firstName: 'Jane', lastName: 'Roe', domain: 'acme.test' })],
    'acme.test',
    null,
  )[0]!;

describe('the result of a row', () => {
  it("shows each candidate's reply, and 'untested' for the ones never asked", () => {
    const [first, second, third] = candidateEvidence(
      jane().candidates.slice(0, 3),
      new Map([
        ['jane.roe@acme.test', { code: 250, enhanced: '2.1.5', text: 'OK' }],
        ['jroe@acme.test', reply(451, 'greylisted')],
      ]),
    );
    expect(first).toEqual({
      email: 'jane.roe@acme.test',
      pattern: 'first.last',
      kind: 'exact',
      status: 'accepted',
      code: 250,
      enhanced: '2.1.5',
      text: 'OK',
    });
    expect(second).toMatchObject({ status: 'tempfail', code: 451 });
    expect(third).toMatchObject({ status: 'untested', code: null, text: null });
  });

  it('scores a find by the rule of api-spec §8 and records the single exact match', () => {
    const row = jane();
    const heard = lookup({ replies: new Map([['jane.roe@acme.test', reply(250)]]) });
    const candidates = candidateEvidence(row.candidates, heard.replies);
    const score = scoreRow(row, heard, candidates, new Set());
    expect(score).toEqual({
      exactEmail: 'jane.roe@acme.test',
      score: 99,
      pattern: 'first.last',
      reason: 'Single exact match',
    });
    expect(rowObservation(row, score, candidates, heard, new Set())).toEqual({
      pattern: 'first.last',
      email: 'jane.roe@acme.test',
      source: 'verified',
      owner: 'jane roe',
    });
  });

  it('records a single accepted first@ at a domain that refused every exact-kind candidate', () => {
    const row = jane();
    const refused = (email: string) => (email === 'jane@acme.test' ? reply(250) : reply(550));
    const heard = lookup({
      replies: new Map(row.candidates.map((c) => [c.email, refused(c.email)])),
    });
    const candidates = candidateEvidence(row.candidates, heard.replies);
    const score = scoreRow(row, heard, candidates, new Set());
    expect(score).toMatchObject({ exactEmail: 'jane@acme.test', score: 60 });
    expect(rowObservation(row, score, candidates, heard, new Set())).toEqual({
      pattern: 'first',
      email: 'jane@acme.test',
      source: 'smtp',
      owner: 'jane roe',
    });
    // Not when another row produced it, nor at a catch-all domain, nor with an exact-kind
    // candidate left untested.
    expect(rowObservation(row, score, candidates, heard, new Set(['jane@acme.test']))).toBeNull();
    expect(rowObservation(row, score, candidates, { catchAll: null }, new Set())).toBeNull();
    const untested = candidates.map((c) =>
      c.pattern === 'first_last' ? { ...c, status: 'untested' as const } : c,
    );
    expect(rowObservation(row, score, untested, heard, new Set())).toBeNull();
  });

  it('records nothing for a 95, nor for a verified address', () => {
    const { row } = verifyRow('jane.roe@acme.test');
    const heard = lookup({ replies: new Map([['jane.roe@acme.test', reply(250)]]) });
    const score = scoreRow(row, heard, candidateEvidence(row.candidates, heard.replies), new Set());
    expect(score.score).toBe(99);
    const candidates = candidateEvidence(row.candidates, heard.replies);
    expect(rowObservation(row, score, candidates, heard, new Set())).toBeNull();
    const ninetyFive = {
      exactEmail: 'jane.roe@acme.test',
      score: 95,
      pattern: 'first.last',
      reason: '',
    };
    expect(rowObservation(jane(), ninetyFive, [], heard, new Set())).toBeNull();
  });

  it('answers a failed lookup with its error and no address, whatever was heard', () => {
    const row = jane();
    const failed = lookup({
      error: 'Connection timed out',
      replies: new Map([['jane.roe@acme.test', reply(250)]]),
    });
    const candidates = candidateEvidence(row.candidates, failed.replies);
    const score = scoreRow(row, failed, candidates, new Set());
    expect(score).toEqual({
      exactEmail: null,
      score: 0,
      pattern: null,
      reason: 'Connection timed out',
    });
    const result = findResult({
      domain: 'acme.test',
      lookup: failed,
      row,
      candidates,
      score,
      totalMs: 50,
    });
    expect(result).toMatchObject({
      exactEmail: null,
      exactEmailScore: 0,
      error: 'Connection timed out',
      evidence: { reason: 'Connection timed out' },
    });
  });

  it('says so when asked to verify something that is not an address', () => {
    const { row } = verifyRow('not an address');
    expect(scoreRow(row, lookup(), [], new Set()).reason).toBe('Not an e-mail address');
  });

  it('writes the evidence: route, verdict, pattern, counts, flags and timings', () => {
    const { row } = verifyRow('info@acme.test');
    const heard = lookup({ replies: new Map([['info@acme.test', reply(250)]]) });
    const candidates = candidateEvidence(row.candidates, heard.replies);
    const score = scoreRow(row, heard, candidates, new Set());
    const result = findResult({
      domain: 'acme.test',
      lookup: heard,
      row,
      candidates,
      score,
      totalMs: 50,
    });
    expect(result.error).toBeUndefined();
    expect(result.evidence).toEqual({
      domain: 'acme.test',
      mx: { host: 'mx.acme.test', address: '192.0.2.1', priority: 10, tls: true },
      mxHosts: [{ name: 'mx.acme.test', priority: 10, addresses: ['192.0.2.1'] }],
      implicitMx: false,
      catchAll: false,
      catchAllProbe: null,
      learntPattern: null,
      patternKnowledge: null,
      knownPattern: false,
      pattern: null,
      candidates,
      sessions: 1,
      attempts: 1,
      reason: 'Single exact match',
      detail: null,
      flags: { disposable: false, freeProvider: false, role: true },
      timings: { dnsMs: 3, smtpMs: 40, totalMs: 50 },
    });
  });
});
