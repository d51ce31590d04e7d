import { Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useCampaignAnalytics } from '../api/get-campaign-analytics.ts';
import { useAnalyticsRange } from '../use-analytics-range.ts';
import { AnalyticsSkeleton, analyticsFailed, NothingSent } from './analytics-states.tsx';
import { PerDayChart } from './per-day-chart.tsx';
import { RangePicker } from './range-picker.tsx';
import { StatCards } from './stat-cards.tsx';
import { StepFiguresTable } from './step-figures-table.tsx';

// The analytics tab of a campaign's configuration: its figures per day and per step.
export function CampaignAnalyticsTab() {
  const { campaignId = '' } = useParams();
  const period = useAnalyticsRange();
  const analytics = useCampaignAnalytics(campaignId, period.range);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Analytics
        </Title>
        <RangePicker state={period} />
      </Group>
      {analytics.isPending ? (
        <AnalyticsSkeleton />
      ) : analytics.isError ? (
        <Text c="red">{analyticsFailed}</Text>
      ) : (
        <Stack gap="lg">
          <StatCards totals={analytics.data.totals} rates={analytics.data.rates} />
          {analytics.data.totals.sent === 0 ? (
            <NothingSent />
          ) : (
            <PerDayChart days={analytics.data.per_day} />
          )}
          <StepFiguresTable rows={analytics.data.per_step} />
        </Stack>
      )}
    </Stack>
  );
}
