import { describe, expect, it } from 'vitest';
import { type CandidateEvidence, type FindScoreInput, scoreFind, scoreVerify } from './score.ts';

const candidate = (
  localPart: string,
  pattern: string,
  kind: 'exact' | 'possible',
  status: CandidateEvidence['status'],
): CandidateEvidence => ({
  email: `${localPart}@acme.com`,
  pattern,
  kind,
  status,
  code:
    status === 'accepted' ? 250 : status === 'rejected' ? 550 : status === 'tempfail' ? 451 : null,
  enhanced: null,
  text: null,
});

const input = (
  candidates: CandidateEvidence[],
  extra: Partial<FindScoreInput> = {},
): FindScoreInput => ({
  candidates,
  catchAll: false,
  learntPattern: null,
  knownPattern: null,
  ambiguous: new Set(),
  ...extra,
});

describe('the score (api-spec §8)', () => {
  it('gives 99 "Single exact match" for one accepted exact address', () => {
    const result = scoreFind(
      input([
        candidate('john.doe', 'first.last', 'exact', 'accepted'),
        candidate('jdoe', 'flast', 'exact', 'rejected'),
        candidate('john', 'first', 'possible', 'accepted'),
      ]),
    );
    expect(result).toEqual({
      exactEmail: 'john.doe@acme.com',
      score: 99,
      pattern: 'first.last',
      reason: 'Single exact match',
    });
  });

  it('gives 95 for several accepted exact addresses, preferring the learnt pattern', () => {
    const result = scoreFind(
      input(
        [
          candidate('john.doe', 'first.last', 'exact', 'accepted'),
          candidate('jdoe', 'flast', 'exact', 'accepted'),
        ],
        { learntPattern: 'flast' },
      ),
    );
    expect(result.score).toBe(95);
    expect(result.exactEmail).toBe('jdoe@acme.com');
    expect(result.reason).toBe('Multiple exact matches or catch-all with known pattern');
  });

  it('gives 95 at a catch-all domain whose pattern is known with confidence', () => {
    const result = scoreFind(
      input(
        [
          candidate('jdoe', 'flast', 'exact', 'accepted'),
          candidate('john.doe', 'first.last', 'exact', 'accepted'),
        ],
        { catchAll: true, learntPattern: 'flast', knownPattern: 'flast' },
      ),
    );
    expect(result).toMatchObject({ exactEmail: 'jdoe@acme.com', score: 95 });
  });

  it('gives 50 at a catch-all domain whose pattern is learnt but not yet known with confidence', () => {
    const result = scoreFind(
      input([candidate('jdoe', 'flast', 'exact', 'accepted')], {
        catchAll: true,
        learntPattern: 'flast',
      }),
    );
    expect(result).toMatchObject({ exactEmail: 'jdoe@acme.com', score: 50 });
  });

  it("gives 95 at a catch-all domain to the address the person's own reply proved, any pattern", () => {
    const candidates = [
      candidate('john.doe', 'first.last', 'exact', 'accepted'),
      candidate('john', 'first', 'possible', 'accepted'),
    ];
    const proven = new Set(['john@acme.com']);
    expect(scoreFind(input(candidates, { catchAll: true, proven }))).toMatchObject({
      exactEmail: 'john@acme.com',
      score: 95,
      reason: 'Multiple exact matches or catch-all with known pattern',
    });
    // Unless another row of the batch (a namesake) produced it too.
    expect(
      scoreFind(input(candidates, { catchAll: true, proven, ambiguous: proven })),
    ).toMatchObject({ score: 50 });
  });

  it('never gives 95 at a catch-all domain for a pattern anyone could own (first@)', () => {
    const result = scoreFind(
      input([candidate('john', 'first', 'possible', 'accepted')], {
        catchAll: true,
        learntPattern: 'first',
        knownPattern: 'first',
      }),
    );
    expect(result).toMatchObject({ exactEmail: 'john@acme.com', score: 50 });
  });

  it('gives 60 "Single possible valid email" for one accepted address someone else could own', () => {
    const result = scoreFind(
      input([
        candidate('john.doe', 'first.last', 'exact', 'rejected'),
        candidate('john', 'first', 'possible', 'accepted'),
      ]),
    );
    expect(result).toMatchObject({
      exactEmail: 'john@acme.com',
      score: 60,
      reason: 'Single possible valid email',
    });
  });

  it('gives 50 for several possible addresses', () => {
    const result = scoreFind(
      input([
        candidate('john', 'first', 'possible', 'accepted'),
        candidate('doe', 'last', 'possible', 'accepted'),
      ]),
    );
    expect(result).toMatchObject({
      score: 50,
      reason: 'Multiple possible valid email or catch-all',
    });
  });

  it('gives 50 at a catch-all domain without a known pattern', () => {
    const result = scoreFind(
      input([candidate('john.doe', 'first.last', 'exact', 'accepted')], { catchAll: true }),
    );
    expect(result).toMatchObject({ exactEmail: 'john.doe@acme.com', score: 50 });
  });

  it("makes a possible pattern exact when it is the domain's known pattern", () => {
    const result = scoreFind(
      input([candidate('john', 'first', 'possible', 'accepted')], {
        learntPattern: 'first',
        knownPattern: 'first',
      }),
    );
    expect(result.score).toBe(99);
  });

  it('keeps a possible pattern possible while the learnt pattern is not known with confidence', () => {
    const result = scoreFind(
      input([candidate('john', 'first', 'possible', 'accepted')], { learntPattern: 'first' }),
    );
    expect(result.score).toBe(60);
  });

  it('keeps an address another row of the batch also produced below 95 (two Johns)', () => {
    const result = scoreFind(
      input([candidate('john', 'first', 'possible', 'accepted')], {
        learntPattern: 'first',
        knownPattern: 'first',
        ambiguous: new Set(['john@acme.com']),
      }),
    );
    expect(result.score).toBe(60);
  });

  it('answers no address and a score below 50 when nothing was accepted', () => {
    expect(
      scoreFind(input([candidate('john.doe', 'first.last', 'exact', 'rejected')])),
    ).toMatchObject({ exactEmail: null, score: 0 });
  });

  it('never turns greylisting into a verdict', () => {
    const result = scoreFind(input([candidate('john.doe', 'first.last', 'exact', 'tempfail')]));
    expect(result).toMatchObject({
      exactEmail: null,
      score: 0,
      reason: 'The mail server asked to try again later',
    });
  });

  it('never reports an acceptance as verified when the catch-all probe gave no verdict', () => {
    const result = scoreFind(
      input([candidate('john.doe', 'first.last', 'exact', 'accepted')], { catchAll: null }),
    );
    expect(result.score).toBe(50);
  });

  it('verifies a given address: 99 when accepted, 50 at a catch-all, 0 when rejected', () => {
    expect(scoreVerify('a@b.com', { status: 'accepted', catchAll: false }).score).toBe(99);
    expect(scoreVerify('a@b.com', { status: 'accepted', catchAll: true }).score).toBe(50);
    expect(scoreVerify('a@b.com', { status: 'rejected', catchAll: false })).toMatchObject({
      exactEmail: null,
      score: 0,
    });
    expect(scoreVerify('a@b.com', { status: 'tempfail', catchAll: null }).score).toBe(0);
  });
});
