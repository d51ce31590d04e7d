import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CampaignAnswer,
  failureMessages,
  type Schedule,
  WEEK_DAYS,
  type WeekDay,
} from '@mailhound/contracts';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useCampaign } from '../api/get-campaign.ts';
import { useUpdateCampaign } from '../api/update-campaign.ts';
import {
  overnightWindow,
  type ScheduleFormValues,
  scheduleFormDefaults,
  scheduleFormSchema,
  timezoneChoices,
} from '../schedule-form-values.ts';

const SCHEDULE_NAME_MAX = 30;

export function ScheduleStep() {
  const { campaignId = '' } = useParams();
  const campaign = useCampaign(campaignId);
  if (!campaign.data) return <PageLoader />;
  return <ScheduleForm campaign={campaign.data} />;
}

// product-spec §5 Schedule: name ≤ 30, timezone, start and end time, start date required, end
// date not before the start, on one day the end time later, at least one day. The campaign
// keeps one schedule here (the first; the ended rule reads it).
function ScheduleForm({ campaign }: { campaign: CampaignAnswer }) {
  const update = useUpdateCampaign();
  const zones = useMemo(() => timezoneChoices(), []);
  const form = useForm<ScheduleFormValues, unknown, Schedule>({
    resolver: zodResolver(scheduleFormSchema),
    // Checked as typed and when a field is left.
    mode: 'all',
    defaultValues: scheduleFormDefaults(
      campaign.schedules[0],
      new Date(),
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    ),
  });
  const errors = form.formState.errors;
  const nameLength = form.watch('name').length;
  const overnight = overnightWindow(form.watch());

  const submit = form.handleSubmit(async (schedule) => {
    try {
      await update.mutateAsync({ id: campaign.id, update: { schedules: [schedule] } });
      notifications.show({ color: 'green', message: 'Schedule saved.' });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: errorMessage(error, failureMessages.mail, [400]),
      });
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <form onSubmit={submit} noValidate aria-label="Schedule">
        <Stack>
          <TextInput
            label="Schedule Name"
            required
            maxLength={SCHEDULE_NAME_MAX}
            description={`${nameLength}/${SCHEDULE_NAME_MAX}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Controller
            control={form.control}
            name="timezone"
            render={({ field, fieldState }) => (
              <Select
                label="Timezone"
                required
                searchable
                data={zones}
                value={field.value === '' ? null : field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="time"
              label="Time From"
              required
              error={errors.start_time?.message}
              {...form.register('start_time', { deps: ['end_time'] })}
            />
            <TextInput
              type="time"
              label="Time To"
              required
              description={overnight ? `Overnight window: ${overnight}` : undefined}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={errors.end_time?.message}
              {...form.register('end_time')}
            />
            <TextInput
              type="date"
              label="Start Date"
              required
              error={errors.start_date?.message}
              {...form.register('start_date', { deps: ['end_date', 'end_time'] })}
            />
            <TextInput
              type="date"
              label="End Date"
              error={errors.end_date?.message}
              {...form.register('end_date', { deps: ['end_time'] })}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="days"
            render={({ field, fieldState }) => (
              <Checkbox.Group
                label="Days"
                required
                value={field.value}
                onChange={(value) =>
                  field.onChange(WEEK_DAYS.filter((day: WeekDay) => value.includes(day)))
                }
                error={fieldState.error?.message}
              >
                <Group mt="xs">
                  {WEEK_DAYS.map((day) => (
                    <Checkbox key={day} value={day} label={day} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
