import { describe, expect, it } from 'vitest';
import { overThreshold } from './bounce-guard.ts';

describe('the bounce window (issue 25)', () => {
  it('judges only from 20 sends on, and only a rate strictly above the threshold', () => {
    expect(overThreshold({ sends: 19, bounced: 19 }, 5)).toBe(false);
    expect(overThreshold({ sends: 20, bounced: 1 }, 5)).toBe(false);
    expect(overThreshold({ sends: 20, bounced: 2 }, 5)).toBe(true);
    expect(overThreshold({ sends: 100, bounced: 5 }, 5)).toBe(false);
    expect(overThreshold({ sends: 100, bounced: 6 }, 5)).toBe(true);
  });
});
