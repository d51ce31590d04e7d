import { billingMessages, CHECKOUT_RETURN_DELAY_MS } from '@mailhound/contracts';
import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import { currentUserKey } from '../../../shared/session/api/get-current-user.ts';
import { cardKey } from '../api/get-card.ts';
import { useCheckoutSession } from '../api/get-checkout-session.ts';
import { receiptsKey } from '../api/get-receipts.ts';
import { checkoutSuccessState } from '../navigation-state.ts';

// product-spec §2 "Checkout return": a complete session waits 2 seconds, then the invoices page
// shows the success; any other status goes back to /checkout.
export function CheckoutReturnPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  if (!sessionId) return <Navigate to="/checkout" replace />;
  return <CheckoutReturn sessionId={sessionId} />;
}

function CheckoutReturn({ sessionId }: { sessionId: string }) {
  const session = useCheckoutSession(sessionId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = session.data?.status;

  useEffect(() => {
    if (status === undefined) return;
    if (status !== 'complete') {
      navigate('/checkout', { replace: true });
      return;
    }
    // The credits, the plan, the receipts and the card changed on the server: read them again.
    for (const queryKey of [balanceKey, currentUserKey, receiptsKey, cardKey]) {
      queryClient.invalidateQueries({ queryKey });
    }
    const timer = setTimeout(() => {
      navigate('/settings/invoices', { replace: true, state: checkoutSuccessState });
    }, CHECKOUT_RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, navigate, queryClient]);

  // An unknown or unreadable session: say so, with a way back to buying.
  if (session.isError) {
    return (
      <Stack align="center" gap="sm" py="xl">
        <Text c="red">{billingMessages.cannotGetCheckout}</Text>
        <Anchor component={Link} to="/purchase">
          Back to Purchase
        </Anchor>
      </Stack>
    );
  }
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Loader role="status" aria-label="Checking your payment" />
        <Text>
          {status === 'complete' ? 'Payment received. Thank you!' : 'Checking your payment…'}
        </Text>
      </Stack>
    </Center>
  );
}
