import { useNavigate } from 'react-router';
import {
  clearGuestId,
  runSessionTransition,
  storeToken,
} from '../../shared/session/session-store.ts';

// product-spec §4: login stores the token, clears the guest id and goes to the redirect
// target or /search/single.
export function useCompleteLogin() {
  const navigate = useNavigate();
  return (token: string, redirectUrl: string | null) =>
    runSessionTransition(async () => {
      storeToken(token);
      clearGuestId();
      await navigate(redirectUrl ?? '/search/single', { replace: true });
    });
}
