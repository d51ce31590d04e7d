import { failureMessages } from '@mailhound/contracts';
import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';

export const analyticsFailed = failureMessages.mail;
export const nothingSent = 'No e-mails were sent in this period.';

// The cards and the chart's places while the figures load.
export function AnalyticsSkeleton() {
  return (
    <Stack role="status" aria-label="Loading analytics" gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        {['sent', 'delivered', 'bounced', 'replied', 'unsubscribed', 'clicked'].map((name) => (
          <Skeleton key={name} h={96} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={300} radius="md" />
    </Stack>
  );
}

export function NothingSent() {
  return (
    <Paper withBorder p="xl" radius="md">
      <Text ta="center" c="dimmed">
        {nothingSent}
      </Text>
    </Paper>
  );
}
