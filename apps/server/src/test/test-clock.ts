import type { Clock } from '../platform/clock.ts';

// A clock that tests move by hand: cooldowns and expiry without sleeping.
export type TestClock = Clock & { set: (at: Date) => void; advance: (ms: number) => void };

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = at.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
