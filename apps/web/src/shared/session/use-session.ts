import type { LoginProvider } from '@mailhound/contracts';
import { useSyncExternalStore } from 'react';
import { readGuestId, readToken, subscribeSession } from './session-store.ts';
import { decodeTokenClaims, isLoginValid } from './token-claims.ts';

export type Session = {
  token: string | null;
  isLoggedIn: boolean;
  userId: string | null;
  loginProvider: LoginProvider | null;
  guestId: string | null;
};

export function useSession(): Session {
  const token = useSyncExternalStore(subscribeSession, readToken);
  const guestId = useSyncExternalStore(subscribeSession, readGuestId);
  const claims = token === null ? null : decodeTokenClaims(token);
  const isLoggedIn = isLoginValid(claims);
  return {
    token: isLoggedIn ? token : null,
    isLoggedIn,
    userId: isLoggedIn && claims ? claims.sub : null,
    loginProvider: isLoggedIn && claims ? claims.auth : null,
    guestId,
  };
}
