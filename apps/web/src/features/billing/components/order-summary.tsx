import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { usePlans } from '../api/get-plans.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { orderSummary, planChangeText } from '../plan-text.ts';

// The order beside the card form: what is bought, what it brings and what Pay takes today.
export function OrderSummaryCard({ priceId, quantity }: { priceId: string; quantity: number }) {
  const plans = usePlans();
  const subscription = useSubscription();
  const plan = plans.data?.find((candidate) => candidate.rules.price_id === priceId);
  if (plan === undefined) return null;
  const order = orderSummary(plan, quantity);
  const replaced = planChangeText(subscription.data, plan);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label="Order summary">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Order summary
        </Title>
        <Text fw={600}>{order.item}</Text>
        {order.lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
        {replaced !== null && (
          <Text size="sm" fw={500}>
            {replaced}
          </Text>
        )}
        <Divider />
        <Group justify="space-between">
          <Text fw={600}>Total due today</Text>
          <Text fw={700}>{order.total}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {order.terms}
        </Text>
      </Stack>
    </Paper>
  );
}
