import { describe, expect, it } from 'vitest';
import { issuesOf } from './issues.test-kit.ts';
import { validationMessages } from './messages.ts';
import {
  isChargedVerdict,
  type Verdict,
  verdictSchema,
  verifyBodySchema,
  verifyEventSchema,
  verifyHistoryQuerySchema,
  verifyStatuses,
} from './verify.ts';

const verdict: Verdict = {
  email: 'ann.lee@acme.com',
  status: 'valid',
  score: 99,
  reason: 'The mail server confirmed this mailbox exists.',
  regexp: true,
  gibberish: false,
  disposable: false,
  webmail: false,
  mx_records: true,
  smtp_server: true,
  smtp_check: true,
  accept_all: false,
  block: false,
  role: false,
  full_inbox: false,
  disabled: false,
  greylisted: false,
  smtp_reply: { code: 250, enhanced: '2.1.5', text: 'OK' },
};

describe('the verdict vocabulary (Hunter API v2 email verifier)', () => {
  it("has Hunter's six statuses", () => {
    expect(verifyStatuses).toEqual([
      'valid',
      'invalid',
      'accept_all',
      'webmail',
      'disposable',
      'unknown',
    ]);
  });

  it("carries Hunter's checks and ours, the score and the deciding reply", () => {
    expect(verdictSchema.parse(verdict)).toEqual(verdict);
    expect(verdictSchema.parse({ ...verdict, smtp_reply: null }).smtp_reply).toBeNull();
  });

  it('rejects a status Hunter does not use and a score outside 0–100', () => {
    expect(verdictSchema.safeParse({ ...verdict, status: 'risky' }).success).toBe(false);
    expect(verdictSchema.safeParse({ ...verdict, score: 101 }).success).toBe(false);
    expect(verdictSchema.safeParse({ ...verdict, score: -1 }).success).toBe(false);
  });

  it('rejects a verdict missing a check', () => {
    const { full_inbox: _, ...withoutCheck } = verdict;
    expect(verdictSchema.safeParse(withoutCheck).success).toBe(false);
  });

  it('charges one credit for valid or invalid only', () => {
    expect(verifyStatuses.filter(isChargedVerdict)).toEqual(['valid', 'invalid']);
  });
});

describe('POST /verify body', () => {
  it('takes one address, trimmed and lower-cased', () => {
    expect(verifyBodySchema.parse({ email: '  Ann.Lee@ACME.com ' })).toEqual({
      email: 'ann.lee@acme.com',
    });
  });

  it('says in words what is wrong', () => {
    expect(issuesOf(verifyBodySchema, {})).toEqual({ email: [validationMessages.emailRequired] });
    expect(issuesOf(verifyBodySchema, { email: '' })).toEqual({
      email: [validationMessages.emailRequired],
    });
    expect(issuesOf(verifyBodySchema, { email: 'not an address' })).toEqual({
      email: [validationMessages.emailInvalid],
    });
    expect(verifyBodySchema.safeParse({ email: 'a@b.co', extra: 1 }).success).toBe(false);
  });
});

describe('the verify stream', () => {
  it('reads progress, the verdict, payment_error and error events', () => {
    expect(
      verifyEventSchema.parse({ event: 'progress', data: { stage: 'smtp', percent: 40 } }).event,
    ).toBe('progress');
    const result = { ...verdict, _id: 'v1', evidence: null, charged: true };
    expect(verifyEventSchema.parse({ data: result }).data).toEqual(result);
    expect(
      verifyEventSchema.parse({
        event: 'payment_error',
        data: { message: 'Not enough credits', required: 1, available: 0 },
      }).event,
    ).toBe('payment_error');
  });
});

describe('GET /search-history/verify query', () => {
  it('pages 10 per page by default and takes no guest id', () => {
    expect(verifyHistoryQuerySchema.parse({})).toEqual({ page: 1, perPage: 10 });
    expect(verifyHistoryQuerySchema.parse({ page: '2' })).toEqual({ page: 2, perPage: 10 });
  });
});
