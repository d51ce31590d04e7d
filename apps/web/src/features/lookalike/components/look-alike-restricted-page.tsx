import { EXTRA_CREDITS_PLAN, type Plan } from '@mailhound/contracts';
import { Button, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useCurrentUser } from '../../../shared/session/api/get-current-user.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { planPriceText, planSearchesText, purchasePath, usePlans } from '../../billing/index.ts';

// Look-alike is for paid plans only (product-spec §6): the plans worth offering here.
function paidPlans(plans: Plan[]): Plan[] {
  return plans.filter(
    (plan) => !plan.is_default && plan.name !== EXTRA_CREDITS_PLAN && plan.rules.price_id !== null,
  );
}

function PlanOffer({ plan }: { plan: Plan }) {
  return (
    <Paper component="article" aria-label={plan.name} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {plan.name}
        </Title>
        <Text fw={600}>{planPriceText(plan)}</Text>
        <Text size="sm" c="dimmed">
          {planSearchesText(plan)}
        </Text>
        <Button
          component={Link}
          to={purchasePath({
            priceId: plan.rules.price_id ?? '',
            planName: plan.name,
            quantity: 1,
          })}
          variant="light"
        >
          Choose Plan
        </Button>
      </Stack>
    </Paper>
  );
}

// product-spec §2 "Look-alike restricted": the upsell page of the free plan; users on a paid
// plan are sent on to /look-alike.
export function LookAlikeRestrictedPage() {
  const user = useCurrentUser();
  const plans = usePlans();
  if (user.isPending) return <PageLoader />;
  if (user.data?.plan && !user.data.plan.is_default) return <Navigate to="/look-alike" replace />;
  const offers = paidPlans(plans.data ?? []);
  return (
    <Page title="Look-Alike">
      <Paper withBorder p="xl" radius="md">
        <Stack gap="md" align="flex-start">
          <Title order={2} size="h3">
            Find companies like your best customers
          </Title>
          <Text>
            Upload a list of companies you already sell to. Look-Alike finds the companies most
            similar to them, by industry, size, location, age and what they do, and shows the
            decision makers to contact there.
          </Text>
          <List spacing="xs" icon={<IconCheck size={16} />}>
            <List.Item>A CSV, XLSX or TXT list of company names or websites</List.Item>
            <List.Item>How many similar accounts we can find, with their key contacts</List.Item>
            <List.Item>Their e-mails found and verified in one click</List.Item>
          </List>
          <Text fw={500}>Look-Alike is available on paid plans.</Text>
          <Button component={Link} to="/purchase">
            See Plans
          </Button>
        </Stack>
      </Paper>
      {offers.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {offers.map((plan) => (
            <PlanOffer key={`${plan.name}/${plan.rules.price_id}`} plan={plan} />
          ))}
        </SimpleGrid>
      )}
    </Page>
  );
}
