import {
  type CampaignScheduleAnswer,
  scheduleSchema,
  WEEK_DAYS,
  type WeekDay,
} from '@mailhound/contracts';
import { z } from 'zod';

// The schedule form holds text; an empty end date means "no end" (null).
export const scheduleFormSchema = z
  .object({
    name: z.string(),
    timezone: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    days: z.array(z.enum(WEEK_DAYS)),
  })
  .transform(
    (values): z.input<typeof scheduleSchema> => ({
      ...values,
      end_date: values.end_date === '' ? null : values.end_date,
    }),
  )
  .pipe(scheduleSchema);

export type ScheduleFormValues = z.input<typeof scheduleFormSchema>;

const workDays: WeekDay[] = ['MON', 'TUE', 'WED', 'THU', 'FRI'];

function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// The saved schedule, or a starting point: office hours on work days from today, in the
// browser's timezone when the form offers it, else none chosen (the spec gives no defaults).
export function scheduleFormDefaults(
  saved: CampaignScheduleAnswer | undefined,
  today: Date,
  timezone: string,
): ScheduleFormValues {
  if (saved) return { ...saved, end_date: saved.end_date ?? '' };
  return {
    name: '',
    timezone: timezoneChoices().includes(timezone) ? timezone : '',
    start_time: '09:00',
    end_time: '17:00',
    start_date: isoDay(today),
    end_date: '',
    days: workDays,
  };
}

export function timezoneChoices(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

// The sender reads an end time not after the start time as a window across midnight
// (campaigns/schedule-time.ts); the form says so instead of saving it without a word. On a
// single day the schema refuses it (product-spec §5 Schedule).
export function overnightWindow(values: ScheduleFormValues): string | null {
  const { start_time: start, end_time: end } = values;
  if (start === '' || end === '' || end > start) return null;
  if (values.end_date !== '' && values.end_date === values.start_date) return null;
  return `${start} → ${end} next day`;
}
