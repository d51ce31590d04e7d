import { EXTRA_CREDITS_PLAN, type Plan } from '@mailhound/contracts';
import { Button, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  planAction,
  planActionLabels,
  planEmailsText,
  planPriceText,
  planSearchesText,
} from '../plan-text.ts';

const intervalLabels: Record<string, string> = { month: 'Monthly', year: 'Yearly' };

// product-spec §2 "Purchase": Extra credits is not a plan to choose, and a logged-in user never
// needs the free default plan offered again.
function listedPlans(plans: Plan[], isLoggedIn: boolean): Plan[] {
  return plans.filter(
    (plan) => plan.name !== EXTRA_CREDITS_PLAN && !(isLoggedIn && plan.is_default),
  );
}

export function PlansList({
  plans,
  isLoggedIn,
  currentPlanName,
  pendingPriceId,
  onChoose,
}: {
  plans: Plan[];
  isLoggedIn: boolean;
  currentPlanName: string | null;
  pendingPriceId: string | null;
  onChoose: (plan: Plan) => void;
}) {
  const listed = listedPlans(plans, isLoggedIn);
  const intervals = [
    ...new Set(listed.flatMap((plan) => (plan.is_default ? [] : [plan.rules.interval ?? '']))),
  ];
  const [interval, setShownInterval] = useState(intervals[0] ?? '');
  // Monthly and yearly offers side by side would repeat every plan: a switch shows one set.
  const shown =
    intervals.length < 2
      ? listed
      : listed.filter((plan) => plan.is_default || plan.rules.interval === interval);

  return (
    <Stack gap="md">
      {intervals.length > 1 && (
        <SegmentedControl
          aria-label="Billing interval"
          w="fit-content"
          value={interval}
          onChange={setShownInterval}
          data={intervals.map((value) => ({ value, label: intervalLabels[value] ?? value }))}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {shown.map((plan) => (
          <PlanCard
            key={`${plan.name}/${plan.rules.price_id}`}
            plan={plan}
            currentPlanName={currentPlanName}
            pending={pendingPriceId !== null && pendingPriceId === plan.rules.price_id}
            onChoose={onChoose}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function PlanCard({
  plan,
  currentPlanName,
  pending,
  onChoose,
}: {
  plan: Plan;
  currentPlanName: string | null;
  pending: boolean;
  onChoose: (plan: Plan) => void;
}) {
  const action = planAction(plan, currentPlanName);
  return (
    <Paper withBorder p="lg" radius="md" component="article" aria-label={plan.name}>
      <Stack gap="xs" h="100%">
        <Title order={3} size="h4">
          {plan.name}
        </Title>
        <Text size="xl" fw={700}>
          {planPriceText(plan)}
        </Text>
        <Text>{planEmailsText(plan)}</Text>
        <Text>{planSearchesText(plan)}</Text>
        {action === 'sign-up' ? (
          <Button component={Link} to="/signup" mt="auto">
            {planActionLabels['sign-up']}
          </Button>
        ) : (
          <Button
            mt="auto"
            disabled={action === 'current'}
            loading={pending}
            onClick={() => onChoose(plan)}
          >
            {planActionLabels[action]}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
