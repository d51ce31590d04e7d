import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  measureOnetAccuracy,
  onetAlternateTitlesPath as titlesPath,
} from './onet-accuracy.test-kit.ts';

// Groups whose occupations sit in departments of ours without a judgement call: engineering,
// legal, teaching, clinical, sales and the trades. The others span several of our departments
// (43 office support holds billing clerks, dispatchers and receptionists alike).
const cleanGroups = ['15', '17', '23', '25', '29', '41', '45', '47', '49', '51', '53'];

describe('job-title classifier on the O*NET alternate titles', () => {
  it('finds the data set', () => {
    expect(existsSync(titlesPath), `${titlesPath} is missing`).toBe(true);
  });

  it('classifies all 52,754 titles above the measured floor', () => {
    const result = measureOnetAccuracy(titlesPath);
    const clean = cleanGroups.map((group) => result.perGroup[group]!);
    const cleanCorrect = clean.reduce((sum, group) => sum + group.correct, 0);
    const cleanTotal = clean.reduce((sum, group) => sum + group.total, 0);
    const rows = Object.entries(result.perGroup).map(
      ([group, { name, total, accuracy }]) =>
        `${group} ${(accuracy * 100).toFixed(1).padStart(5)}%  ${String(total).padStart(5)}  ${name}`,
    );
    console.log(
      [
        `O*NET accuracy: ${(result.accuracy * 100).toFixed(1)}% of ${result.total} titles`,
        `clean groups: ${((cleanCorrect / cleanTotal) * 100).toFixed(1)}% of ${cleanTotal}`,
        ...rows,
      ].join('\n'),
    );

    expect(result.total).toBe(52754);
    // Measured 75.2% overall and 85.7% on the clean groups; the floors sit just below.
    expect(result.accuracy).toBeGreaterThanOrEqual(0.74);
    expect(cleanCorrect / cleanTotal).toBeGreaterThanOrEqual(0.85);
    expect(result.perGroup['25']!.accuracy).toBeGreaterThanOrEqual(0.88);
    expect(result.perGroup['51']!.accuracy).toBeGreaterThanOrEqual(0.9);
  });
});
