import { billingMessages, EXTRA_CREDITS_PLAN, type Plan } from '@mailhound/contracts';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { marketingUrl } from '../../../shared/config.ts';
import { useCurrentUser } from '../../../shared/session/api/get-current-user.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { usePlans } from '../api/get-plans.ts';
import { type PurchaseSelection, readPurchaseSelection } from '../purchase-query.ts';
import { useStartCheckout } from '../use-start-checkout.ts';
import { ExtraCreditsBlock } from './extra-credits-block.tsx';
import { PlansList } from './plans-list.tsx';

const supportEmail = `support@${new URL(marketingUrl).hostname}`;

// product-spec §2 "Purchase" and §4 "Purchase".
export function PurchasePage() {
  const { isLoggedIn } = useSession();
  const plans = usePlans();
  const user = useCurrentUser();
  const checkout = useStartCheckout();
  const currentPlanName = isLoggedIn ? (user.data?.plan.name ?? null) : null;
  useAutoCheckout(plans.data, isLoggedIn ? user.data : undefined, checkout.start);

  const extraCredits = plans.data?.find((plan) => plan.name === EXTRA_CREDITS_PLAN);
  // Plans are bought one at a time; Extra credits by the number of credits.
  const buy = (plan: Plan, quantity: number) => {
    if (plan.rules.price_id === null) return;
    checkout.start({ priceId: plan.rules.price_id, planName: plan.name, quantity });
  };

  return (
    <Page title="Purchase">
      {plans.isPending ? (
        <PageLoader />
      ) : plans.isError ? (
        <Text c="red">{billingMessages.cannotGetPlans}</Text>
      ) : (
        <>
          {extraCredits?.rules.price_id && (
            <ExtraCreditsBlock
              pricePerCreditCents={extraCredits.rules.price}
              pending={checkout.pendingPriceId === extraCredits.rules.price_id}
              onPurchase={(credits) => buy(extraCredits, credits)}
            />
          )}
          <Title order={2} size="h3">
            {billingMessages.cancelAnytime}
          </Title>
          <PlansList
            plans={plans.data}
            isLoggedIn={isLoggedIn}
            currentPlanName={currentPlanName}
            pendingPriceId={checkout.pendingPriceId}
            onChoose={(plan) => buy(plan, 1)}
          />
        </>
      )}
      <Text>
        Need more emails?{' '}
        <Anchor href={`mailto:${supportEmail}`}>Contact our customer support</Anchor> for a plan
        that fits your volume.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <InfoCard title="Fully Verified Email">
          A fully verified email has a delivery rate of 95% or higher. A credit is charged only for
          a fully verified email; results at 70% or lower are free.
        </InfoCard>
        <InfoCard title="One in three">
          On average, one in three searches gives a fully verified email.
        </InfoCard>
      </SimpleGrid>
    </Page>
  );
}

function InfoCard({ title, children }: { title: string; children: string }) {
  return (
    <Paper withBorder p="md" radius="md" component="aside" aria-label={title}>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text size="sm">{children}</Text>
      </Stack>
    </Paper>
  );
}

// product-spec §4 "Purchase": back from login with a priceId, an active user either owns that
// plan already (a warning, and the query is cleared) or goes straight to checkout, once.
function useAutoCheckout(
  plans: Plan[] | undefined,
  user: { status: string; plan: { name: string } } | undefined,
  start: (selection: PurchaseSelection) => Promise<void>,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const handled = useRef(false);
  const selection = readPurchaseSelection(searchParams);

  useEffect(() => {
    if (handled.current || selection === null || plans === undefined || user === undefined) return;
    if (user.status !== 'active') return;
    handled.current = true;
    const ownPriceId = plans.find((plan) => plan.name === user.plan.name)?.rules.price_id ?? null;
    if (selection.priceId === ownPriceId) {
      notifications.show({ message: billingMessages.planAlreadyPurchased, color: 'yellow' });
      setSearchParams({}, { replace: true });
      return;
    }
    start(selection);
  }, [selection, plans, user, start, setSearchParams]);
}
