import { billingMessages, type CurrentUser } from '@mailhound/contracts';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useCurrentUser } from '../../../shared/session/api/get-current-user.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { useCreateCustomerPortal } from '../api/create-customer-portal.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { useSaveLocalCard } from '../api/save-local-card.ts';
import { renewalText, usageText } from '../plan-text.ts';
import { CardDetails } from './card-details.tsx';
import { LocalCardForm } from './local-card-form.tsx';

const paymentMethodUpdated = 'Your payment method was updated.';

// product-spec §2 "Billing": the default plan can only be changed; a paid plan can also be
// cancelled and its payment method edited in the provider's customer portal.
export function BillingPage() {
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  // The local provider's portal is this page with ?portal=local (the server's local-provider.ts).
  const localPortal = searchParams.get('portal') === 'local';

  return (
    <Page title="Billing">
      {user.data === undefined ? <PageLoader /> : <PlanSection user={user.data} />}
      {localPortal && <LocalPortal onDone={() => setSearchParams({}, { replace: true })} />}
      <CardDetails />
    </Page>
  );
}

function PlanSection({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const portal = useCreateCustomerPortal();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const paid = !user.plan.is_default;

  const openPortal = async () => {
    const back = `${window.location.origin}/settings/billing`;
    try {
      const { url } = await portal.mutateAsync({ returnUrl: back, redirectUrl: back });
      const target = new URL(url, window.location.origin);
      if (target.origin === window.location.origin) {
        await navigate(`${target.pathname}${target.search}`);
      } else {
        window.location.assign(target.href);
      }
    } catch (error) {
      notifications.show({
        message: errorMessage(error, billingMessages.cannotCreatePortal),
        color: 'red',
      });
    }
  };

  const cancelSubscription = async () => {
    try {
      await cancel.mutateAsync();
      setConfirming(false);
      notifications.show({ message: billingMessages.subscriptionCanceled, color: 'green' });
    } catch (error) {
      notifications.show({
        message: errorMessage(error, billingMessages.cannotCancelSubscription),
        color: 'red',
      });
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label="Plan">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Plan
        </Title>
        <Text>
          Current plan: <strong>{user.plan.name}</strong>
        </Text>
        <PeriodSummary />
        <Group>
          <Button component={Link} to="/purchase">
            Change Plan
          </Button>
          {paid && (
            <>
              <Button variant="default" loading={portal.isPending} onClick={openPortal}>
                Edit Payment Method
              </Button>
              <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                Cancel Subscription
              </Button>
            </>
          )}
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel subscription"
        centered
      >
        <Stack>
          <Text>
            {`Cancel your ${user.plan.name} plan? Your remaining credits stay yours, but Look-Alike will no longer be available.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep Plan
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={cancelSubscription}>
              Confirm Cancellation
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

// The renewal date and the period's usage; the plan itself is the current user's.
function PeriodSummary() {
  const subscription = useSubscription();
  if (!subscription.data) return null;
  const renewal = renewalText(subscription.data);
  return (
    <>
      {renewal && <Text>{renewal}</Text>}
      <Text size="sm" c="dimmed">
        {usageText(subscription.data.usage)}
      </Text>
    </>
  );
}

function LocalPortal({ onDone }: { onDone: () => void }) {
  const save = useSaveLocalCard();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label="Edit payment method">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Edit payment method
        </Title>
        <LocalCardForm
          label="New card"
          submitLabel="Save Card"
          pending={save.isPending}
          error={save.isError ? errorMessage(save.error, billingMessages.cannotCreatePortal) : null}
          onSubmit={async (card) => {
            const saved = await save.mutateAsync(card).catch(() => null);
            if (saved === null) return;
            notifications.show({ message: paymentMethodUpdated, color: 'green' });
            onDone();
          }}
        />
      </Stack>
    </Paper>
  );
}
