import { describe, expect, it } from 'vitest';
import { assignVariants } from './variants.ts';

const tally = (variants: number[], total: number) =>
  Array.from({ length: total }, (_, index) => variants.filter((one) => one === index).length);

describe('A/B variants of a step (issue 25)', () => {
  it('splits n contacts over k variants exactly: each gets ⌊n/k⌋ or ⌈n/k⌉, in order A, B, C…', () => {
    for (const total of [2, 3, 4]) {
      for (let n = 0; n <= 25; n += 1) {
        const sends = Array.from({ length: n }, () => ({ campaignId: 'c', step: 0 }));
        const counts = tally(
          assignVariants(sends, () => total, new Map()),
          total,
        );
        expect(counts.reduce((sum, one) => sum + one, 0)).toBe(n);
        for (const count of counts) {
          expect([Math.floor(n / total), Math.ceil(n / total)]).toContain(count);
        }
      }
    }
    const sends = Array.from({ length: 7 }, () => ({ campaignId: 'c', step: 0 }));
    expect(assignVariants(sends, () => 3, new Map())).toEqual([0, 1, 2, 0, 1, 2, 0]);
  });

  it('goes on from the sends of earlier ticks and fills a gap a withdrawn send left', () => {
    const sends = Array.from({ length: 4 }, () => ({ campaignId: 'c', step: 1 }));
    // Earlier ticks gave A 3, B 2 and C 3 (one of B's was withdrawn).
    const variants = assignVariants(sends, () => 3, new Map([['c/1', [3, 2, 3]]]));
    expect(variants).toEqual([1, 0, 1, 2]);
    expect(tally(variants, 3).map((count, index) => count + ([3, 2, 3][index] ?? 0))).toEqual([
      4, 4, 4,
    ]);
  });

  it('keeps each campaign and step apart, and a step with one variant sends A', () => {
    const sends = [
      { campaignId: 'a', step: 0 },
      { campaignId: 'b', step: 0 },
      { campaignId: 'a', step: 0 },
      { campaignId: 'a', step: 1 },
      { campaignId: 'b', step: 0 },
    ];
    const variantCount = ({ campaignId, step }: { campaignId: string; step: number }) =>
      campaignId === 'a' && step === 1 ? 1 : 2;
    expect(assignVariants(sends, variantCount, new Map())).toEqual([0, 0, 1, 0, 1]);
  });
});
