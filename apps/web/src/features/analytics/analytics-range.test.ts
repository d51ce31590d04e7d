import { describe, expect, it } from 'vitest';
import { lastDays, rangeProblem } from './analytics-range.ts';

describe('analytics ranges', () => {
  it('ends the last N days on today in UTC, today included', () => {
    // 23:30 on May 20 in New York is already May 21 in UTC.
    const now = new Date('2030-05-21T03:30:00Z');
    expect(lastDays(7, now)).toEqual({ from: '2030-05-15', to: '2030-05-21' });
    expect(lastDays(30, now)).toEqual({ from: '2030-04-22', to: '2030-05-21' });
    expect(lastDays(90, new Date('2030-03-01T00:00:00Z'))).toEqual({
      from: '2029-12-02',
      to: '2030-03-01',
    });
  });

  it('names what is wrong with a custom range', () => {
    expect(rangeProblem({ from: '2030-05-01', to: '2030-05-01' })).toBeNull();
    expect(rangeProblem({ from: '', to: '2030-05-01' })).toBe('Pick a start and an end date.');
    expect(rangeProblem({ from: '2030-02-30', to: '2030-03-01' })).toBe(
      'Pick a start and an end date.',
    );
    expect(rangeProblem({ from: '2030-05-02', to: '2030-05-01' })).toBe(
      'The start date must not be after the end date.',
    );
    expect(rangeProblem({ from: '2029-05-20', to: '2030-05-20' })).toBeNull();
    expect(rangeProblem({ from: '2029-05-19', to: '2030-05-20' })).toBe(
      'The date range must not be longer than 366 days.',
    );
  });
});
