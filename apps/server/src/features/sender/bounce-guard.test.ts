import { describe, expect, it } from 'vitest';
import { overComplaintThreshold, overThreshold } from './bounce-guard.ts';

describe('the bounce window (issue 25)', () => {
  it('judges only from 20 sends on, and only a rate strictly above the threshold', () => {
    expect(overThreshold({ sends: 19, bounced: 19 }, 5)).toBe(false);
    expect(overThreshold({ sends: 20, bounced: 1 }, 5)).toBe(false);
    expect(overThreshold({ sends: 20, bounced: 2 }, 5)).toBe(true);
    expect(overThreshold({ sends: 100, bounced: 5 }, 5)).toBe(false);
    expect(overThreshold({ sends: 100, bounced: 6 }, 5)).toBe(true);
  });
});

describe('the complaint window', () => {
  it('judges from 100 sends on, or from 2 complaints, a rate strictly above the threshold', () => {
    // One complaint in a small campaign says nothing yet; two do.
    expect(overComplaintThreshold({ sends: 99, complained: 1 }, 0.3)).toBe(false);
    expect(overComplaintThreshold({ sends: 5, complained: 2 }, 0.3)).toBe(true);
    expect(overComplaintThreshold({ sends: 100, complained: 1 }, 0.3)).toBe(true);
    // At the threshold is not above it: 3 of 1,000 is 0.3 %, exactly.
    expect(overComplaintThreshold({ sends: 1000, complained: 3 }, 0.3)).toBe(false);
    expect(overComplaintThreshold({ sends: 1000, complained: 4 }, 0.3)).toBe(true);
    expect(overComplaintThreshold({ sends: 1000, complained: 7 }, 0.7)).toBe(false);
    // The early count is judged by the user's threshold too: 2 of 99 is 2 %, under a 5 % limit.
    expect(overComplaintThreshold({ sends: 99, complained: 2 }, 5)).toBe(false);
    // 0 %: any complaint, once judged.
    expect(overComplaintThreshold({ sends: 100, complained: 1 }, 0)).toBe(true);
    expect(overComplaintThreshold({ sends: 1000, complained: 0 }, 0)).toBe(false);
  });
});
