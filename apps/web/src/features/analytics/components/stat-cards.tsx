import type { AnalyticsCounts, AnalyticsRates } from '@mailhound/contracts';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatComplaintRate, formatRate } from '../rates.ts';

const numbers = new Intl.NumberFormat('en-US');

function StatCard({ label, value, note }: { label: string; value: number; note: string }) {
  return (
    <Paper component="section" aria-label={label} withBorder p="md" radius="md">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {numbers.format(value)}
      </Text>
      <Text size="sm" c="dimmed">
        {note}
      </Text>
    </Paper>
  );
}

// The seven figures of a period, each with its rate (packages/contracts/src/analytics.ts defines
// them: delivery, bounce and complaint over sent, reply and unsubscribe over contacted, click
// over delivered).
export function StatCards({ totals, rates }: { totals: AnalyticsCounts; rates: AnalyticsRates }) {
  const contacts = `${numbers.format(totals.contacted)} contact${totals.contacted === 1 ? '' : 's'}`;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
      <StatCard label="Sent" value={totals.sent} note={`To ${contacts}`} />
      <StatCard
        label="Delivered"
        value={totals.delivered}
        note={`${formatRate(rates.delivery)} delivery rate`}
      />
      <StatCard
        label="Bounced"
        value={totals.bounced}
        note={`${formatRate(rates.bounce)} bounce rate`}
      />
      <StatCard
        label="Replied"
        value={totals.replied}
        note={`${formatRate(rates.reply)} reply rate`}
      />
      <StatCard
        label="Unsubscribed"
        value={totals.unsubscribed}
        note={`${formatRate(rates.unsubscribe)} unsubscribe rate`}
      />
      <StatCard
        label="Complaints"
        value={totals.complained}
        note={`${formatComplaintRate(rates.complaint)} complaint rate`}
      />
      <StatCard
        label="Clicked"
        value={totals.clicked}
        note={`${formatRate(rates.click)} click rate`}
      />
    </SimpleGrid>
  );
}
