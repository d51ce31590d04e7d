import { Group, Select, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Page } from '../../../shared/ui/page.tsx';
import { withParam } from '../../../shared/ui/search-key.tsx';
import { useCampaignChoices } from '../../campaigns/index.ts';
import { useOverallAnalytics } from '../api/get-overall-analytics.ts';
import { useAnalyticsRange } from '../use-analytics-range.ts';
import { AnalyticsSkeleton, analyticsFailed, NothingSent } from './analytics-states.tsx';
import { CampaignFiguresTable } from './campaign-figures-table.tsx';
import { PerDayChart } from './per-day-chart.tsx';
import { RangePicker } from './range-picker.tsx';
import { StatCards } from './stat-cards.tsx';

const ALL = 'all';

// /analytics: every campaign's figures over a period, or one campaign's.
export function AnalyticsPage() {
  const period = useAnalyticsRange();
  // The campaign shown lives in the address too (?campaign={id}); all campaigns by default, and
  // when the id is none of the user's campaigns.
  const [params, setParams] = useSearchParams();
  const choices = useCampaignChoices();
  const askedId = params.get('campaign') || null;
  const campaignId =
    askedId !== null && (choices.data ?? []).some((choice) => choice.id === askedId)
      ? askedId
      : null;
  const setCampaignId = (id: string | null) =>
    setParams((current) => withParam(current, 'campaign', id));
  const query = { ...period.range, campaignId };
  const analytics = useOverallAnalytics(query);

  return (
    <Page title="Analytics">
      <Group justify="space-between" align="flex-end">
        <RangePicker state={period} />
        <Select
          label="Campaign"
          w={260}
          allowDeselect={false}
          data={[
            { value: ALL, label: 'All campaigns' },
            ...(choices.data ?? []).map((choice) => ({ value: choice.id, label: choice.name })),
          ]}
          value={campaignId ?? ALL}
          onChange={(value) => setCampaignId(value === null || value === ALL ? null : value)}
        />
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
            <>
              <PerDayChart days={analytics.data.per_day} />
              {/* A new period or filter shows its first page. */}
              <CampaignFiguresTable
                key={JSON.stringify(query)}
                rows={analytics.data.per_campaign}
              />
            </>
          )}
        </Stack>
      )}
    </Page>
  );
}
