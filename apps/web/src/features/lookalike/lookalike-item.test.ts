import { describe, expect, it } from 'vitest';
import { contact } from './lookalike.test-kit.ts';
import {
  lookalikeOutcome,
  lookalikeUploadMessages,
  lookalikeUploadProblem,
  outcomeTexts,
  withFoundEmails,
} from './lookalike-item.ts';

describe('look-alike item (product-spec §4 "Look-alike item")', () => {
  it('is processing until a result or an error arrives', () => {
    expect(lookalikeOutcome({ status: 'processing', result: null })).toBe('processing');
  });

  it('is a success with at least one similar company, empty with none', () => {
    expect(lookalikeOutcome({ status: 'completed', result: { totalCount: 1 } })).toBe('success');
    expect(lookalikeOutcome({ status: 'completed', result: { totalCount: 0 } })).toBe('empty');
  });

  it('is an error when the search failed', () => {
    expect(lookalikeOutcome({ status: 'error', result: null })).toBe('error');
  });

  it('counts the similar companies in words', () => {
    expect(outcomeTexts.success(1)).toBe('1 similar company found');
    expect(outcomeTexts.success(1234)).toBe('1,234 similar companies found');
  });
});

describe('found e-mails', () => {
  it('fill the contacts they belong to and leave the others as they were', () => {
    const found = new Map([
      ['c2', contact(2, { exactEmail: 'ann@similar2.com', exactEmailScore: 99 })],
    ]);
    const merged = withFoundEmails([contact(1), contact(2)], found);
    expect(merged[0]).toEqual(contact(1));
    expect(merged[1]).toMatchObject({ exactEmail: 'ann@similar2.com', exactEmailScore: 99 });
  });
});

describe('upload file types (POST /lookalike, api-spec §7 "Look-alike and rewards")', () => {
  it('takes CSV, XLSX and TXT files, in any case', () => {
    for (const name of ['list.csv', 'list.XLSX', 'list.txt']) {
      expect(lookalikeUploadProblem({ name, size: 100 })).toBeNull();
    }
  });

  it('refuses anything else', () => {
    expect(lookalikeUploadProblem({ name: 'list.pdf', size: 100 })).toBe(
      lookalikeUploadMessages.wrongType,
    );
    expect(lookalikeUploadProblem({ name: 'csv', size: 100 })).toBe(
      lookalikeUploadMessages.wrongType,
    );
  });

  it('refuses a file over 1 MB, the server’s upload limit', () => {
    expect(lookalikeUploadProblem({ name: 'list.csv', size: 1024 * 1024 })).toBeNull();
    expect(lookalikeUploadProblem({ name: 'list.csv', size: 1024 * 1024 + 1 })).toBe(
      lookalikeUploadMessages.tooLarge,
    );
  });
});
