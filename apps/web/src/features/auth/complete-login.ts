import { useNavigate } from 'react-router';
import { clearGuestId, storeToken } from '../../shared/session/session-store.ts';

let completingLogin = false;

// While a page finishes a login it navigates itself; AnonymousOnly must not race it.
export function isCompletingLogin(): boolean {
  return completingLogin;
}

// product-spec §4: login stores the token, clears the guest id and goes to the redirect
// target or /search/single.
export function useCompleteLogin() {
  const navigate = useNavigate();
  return async (token: string, redirectUrl: string | null) => {
    completingLogin = true;
    try {
      storeToken(token);
      clearGuestId();
      await navigate(redirectUrl ?? '/search/single', { replace: true });
    } finally {
      completingLogin = false;
    }
  };
}
