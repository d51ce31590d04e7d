import { billingMessages } from '@mailhound/contracts';
import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';

// Stripe's embedded Checkout. The SDK (and the script it fetches from Stripe) is loaded only
// here, only when the server is configured for Stripe; the `pure` entry loads nothing on import.
export function StripeCheckout({
  publishableKey,
  clientSecret,
}: {
  publishableKey: string;
  clientSecret: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'mounted' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const stripe = await loadStripe(publishableKey);
      if (stripe === null || cancelled) return;
      const checkout = await stripe.createEmbeddedCheckoutPage({ clientSecret });
      destroy = () => checkout.destroy();
      if (cancelled || container.current === null) {
        destroy();
        return;
      }
      checkout.mount(container.current);
      setState('mounted');
    })().catch(() => {
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [publishableKey, clientSecret]);

  return (
    <>
      {state === 'loading' && <PageLoader />}
      {state === 'failed' && <Text c="red">{billingMessages.cannotGetCheckout}</Text>}
      <div ref={container} data-testid="stripe-checkout" />
    </>
  );
}
