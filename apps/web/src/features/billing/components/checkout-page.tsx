import { billingMessages } from '@mailhound/contracts';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useConfirmLocalPayment } from '../api/confirm-local-payment.ts';
import { useCheckoutConfig } from '../api/get-checkout-config.ts';
import { readCheckoutState } from '../navigation-state.ts';
import { LocalCardForm } from './local-card-form.tsx';
import { OrderSummaryCard } from './order-summary.tsx';
import { StripeCheckout } from './stripe-checkout.tsx';

const paymentFailed = 'The payment could not be completed. Please try again.';

// product-spec §2 "Checkout": the embedded payment needs the client secret in navigation state.
export function CheckoutPage() {
  const location = useLocation();
  const checkoutState = readCheckoutState(location.state);
  const config = useCheckoutConfig();
  if (checkoutState === null) return <Navigate to="/purchase" replace />;
  const { clientSecret, priceId, quantity } = checkoutState;

  return (
    <Page title="Checkout">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {config.isPending ? (
          <PageLoader />
        ) : config.isError ? (
          <Text c="red">{billingMessages.cannotGetCheckout}</Text>
        ) : config.data.provider === 'stripe' && config.data.publishableKey ? (
          <StripeCheckout publishableKey={config.data.publishableKey} clientSecret={clientSecret} />
        ) : (
          <LocalCheckout clientSecret={clientSecret} />
        )}
        {priceId !== undefined && <OrderSummaryCard priceId={priceId} quantity={quantity ?? 1} />}
      </SimpleGrid>
    </Page>
  );
}

// The local provider completes the payment offline, then sends the buyer to the return url as
// a payment provider would.
function LocalCheckout({ clientSecret }: { clientSecret: string }) {
  const navigate = useNavigate();
  const confirm = useConfirmLocalPayment();

  return (
    <Paper withBorder p="lg" radius="md">
      <LocalCardForm
        label="Card payment"
        submitLabel="Pay"
        pending={confirm.isPending}
        error={confirm.isError ? errorMessage(confirm.error, paymentFailed, [402]) : null}
        onSubmit={async (card) => {
          const answer = await confirm.mutateAsync({ ...card, clientSecret }).catch(() => null);
          if (answer === null) return;
          const target = new URL(answer.returnUrl, window.location.origin);
          if (target.origin === window.location.origin) {
            await navigate(`${target.pathname}${target.search}`, { replace: true });
          } else {
            window.location.assign(target.href);
          }
        }}
      />
    </Paper>
  );
}
