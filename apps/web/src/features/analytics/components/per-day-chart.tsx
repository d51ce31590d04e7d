import '@mantine/charts/styles.css';
import type { AnalyticsDay } from '@mailhound/contracts';
import { LineChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { formatChartDay } from '../../../shared/ui/dates.ts';

const series = [
  { name: 'sent', label: 'Sent', color: 'blue.6' },
  { name: 'replied', label: 'Replied', color: 'teal.6' },
  { name: 'bounced', label: 'Bounced', color: 'red.6' },
];

// Sent, replied and bounced e-mails on each UTC day of the period.
export function PerDayChart({ days }: { days: AnalyticsDay[] }) {
  const data = days.map((day) => ({
    ...day,
    label: formatChartDay(`${day.date}T00:00:00Z`),
  }));
  return (
    <Paper component="section" aria-label="Per day" withBorder p="md" radius="md">
      <Text fw={600} mb="sm">
        Per day
      </Text>
      <LineChart
        h={260}
        data={data}
        dataKey="label"
        series={series}
        curveType="linear"
        withLegend
        tickLine="x"
        yAxisProps={{ allowDecimals: false }}
      />
    </Paper>
  );
}
