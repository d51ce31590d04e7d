import { describe, expect, it } from 'vitest';
import { hasEnded, inScheduleWindow, localMoment, zonedInstant } from './schedule-time.ts';

const schedule = {
  name: 'Mornings',
  timezone: 'America/New_York',
  start_time: '09:00',
  end_time: '12:00',
  start_date: '2030-03-01',
  end_date: '2030-03-31',
  days: ['MON', 'TUE', 'WED', 'THU', 'FRI'] as const,
};

describe('schedule time in the schedule’s timezone', () => {
  it('reads the wall clock of an instant, across a DST change', () => {
    // New York moves to summer time on 2030-03-10.
    expect(localMoment(new Date('2030-03-08T14:30:00Z'), 'America/New_York')).toEqual({
      date: '2030-03-08',
      time: '09:30',
      day: 'FRI',
    });
    expect(localMoment(new Date('2030-03-11T13:30:00Z'), 'America/New_York').time).toBe('09:30');
    expect(zonedInstant('2030-03-08', '09:00', 'America/New_York').toISOString()).toBe(
      '2030-03-08T14:00:00.000Z',
    );
    expect(zonedInstant('2030-03-11', '09:00', 'America/New_York').toISOString()).toBe(
      '2030-03-11T13:00:00.000Z',
    );
    expect(zonedInstant('2030-07-01', '23:30', 'Asia/Kolkata').toISOString()).toBe(
      '2030-07-01T18:00:00.000Z',
    );
  });

  it('is inside only on its days, dates and hours', () => {
    const at = (iso: string) =>
      inScheduleWindow({ ...schedule, days: [...schedule.days] }, new Date(iso));
    expect(at('2030-03-11T13:00:00Z')).toBe(true); // Monday 09:00 EDT
    expect(at('2030-03-11T12:59:00Z')).toBe(false); // 08:59
    expect(at('2030-03-11T16:00:00Z')).toBe(false); // 12:00, the end is excluded
    expect(at('2030-03-09T15:00:00Z')).toBe(false); // Saturday
    expect(at('2030-04-01T14:00:00Z')).toBe(false); // after the end date
    expect(at('2030-02-28T15:00:00Z')).toBe(false); // before the start date
  });

  it('runs a window across midnight into the next morning of the day it began', () => {
    const evenings = {
      ...schedule,
      start_time: '17:00',
      end_time: '09:00',
      days: ['FRI' as const],
    };
    const at = (iso: string) => inScheduleWindow(evenings, new Date(iso));
    expect(at('2030-03-08T22:00:00Z')).toBe(true); // Friday 17:00 EST
    expect(at('2030-03-09T13:59:00Z')).toBe(true); // Saturday 08:59, Friday's window
    expect(at('2030-03-09T14:00:00Z')).toBe(false); // Saturday 09:00, the end is excluded
    expect(at('2030-03-08T21:59:00Z')).toBe(false); // Friday 16:59
    expect(at('2030-03-08T13:00:00Z')).toBe(false); // Friday 08:00 belongs to Thursday's
    expect(at('2030-03-09T22:00:00Z')).toBe(false); // Saturday 17:00, not a chosen day
    // The start date's first morning belongs to the day before it: not yet.
    expect(
      inScheduleWindow({ ...evenings, days: ['THU', 'FRI'] }, new Date('2030-03-01T13:00:00Z')),
    ).toBe(false);
  });

  it('has ended once the first schedule’s end date and time have passed', () => {
    const schedules = [{ ...schedule, days: [...schedule.days] }];
    expect(hasEnded(schedules, new Date('2030-03-31T15:59:00Z'))).toBe(false);
    expect(hasEnded(schedules, new Date('2030-03-31T16:00:00Z'))).toBe(true);
    const open = [{ ...schedule, days: [...schedule.days], end_date: null }];
    expect(hasEnded(open, new Date('2099-01-01'))).toBe(false);
  });
});
