import { describe, expect, it } from 'vitest';
import { scheduleFormDefaults, timezoneChoices } from './schedule-form-values.ts';

const today = new Date(2026, 3, 1);

describe('a new schedule’s starting values', () => {
  it('takes the browser’s timezone when the form offers it', () => {
    expect(timezoneChoices()).toContain('Asia/Tokyo');
    expect(scheduleFormDefaults(undefined, today, 'Asia/Tokyo').timezone).toBe('Asia/Tokyo');
  });

  it('leaves the timezone to choose when the browser’s is not offered', () => {
    expect(timezoneChoices()).not.toContain('Mars/Olympus_Mons');
    expect(scheduleFormDefaults(undefined, today, 'Mars/Olympus_Mons').timezone).toBe('');
  });
});
