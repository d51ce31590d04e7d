import { useNavigate } from 'react-router';
import { withRedirectUrl } from '../../shared/session/redirect-url.ts';
import { useSession } from '../../shared/session/use-session.ts';
import { track } from '../../shared/track.ts';
import { checkoutReturnUrl, useCreateCheckout } from './api/create-checkout.ts';
import type { CheckoutState } from './navigation-state.ts';
import { type PurchaseSelection, purchasePath } from './purchase-query.ts';

// product-spec §4 "Purchase": a guest signs up first and comes back to the same choice; a user
// gets a checkout session and goes to /checkout. A failure shows nothing, it is only tracked.
export function useStartCheckout() {
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const createCheckout = useCreateCheckout();

  const start = async (selection: PurchaseSelection) => {
    if (!isLoggedIn) {
      await navigate(withRedirectUrl('/signup', purchasePath(selection)));
      return;
    }
    try {
      const answer = await createCheckout.mutateAsync({
        priceId: selection.priceId,
        quantity: selection.quantity,
        returnUrl: checkoutReturnUrl(),
      });
      const state: CheckoutState = {
        clientSecret: answer.client_secret,
        priceId: selection.priceId,
        quantity: selection.quantity,
      };
      await navigate('/checkout', { state });
    } catch {
      track('purchase_failed', { priceId: selection.priceId, quantity: selection.quantity });
    }
  };

  return {
    start,
    pendingPriceId: createCheckout.isPending ? (createCheckout.variables?.priceId ?? null) : null,
  };
}
