import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { mailClient } from '../../shared/api/clients.ts';
import { balanceKey } from '../../shared/session/api/get-balance.ts';
import { currentUserKey } from '../../shared/session/api/get-current-user.ts';
import { currentPath, withRedirectUrl } from '../../shared/session/redirect-url.ts';
import {
  ensureGuestId,
  onLogout,
  readToken,
  removeToken,
} from '../../shared/session/session-store.ts';
import { decodeTokenClaims } from '../../shared/session/token-claims.ts';
import { useSession } from '../../shared/session/use-session.ts';
import { track } from '../../shared/track.ts';

// Longest delay setTimeout accepts.
const MAX_TIMER_MS = 2 ** 31 - 1;

// Session side effects that need the router: logout, expiry, guest identity, analytics, mlsr.
export function SessionEffects() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { isLoggedIn, userId, token } = useSession();
  const [, setExpiryTick] = useState(0);

  // The listener below is registered once; it reads the path the user is on from here.
  const path = useRef(currentPath(location));
  useEffect(() => {
    path.current = currentPath(location);
  }, [location]);

  // Logout clears the cached user and plan, then goes to /auth/login (product-spec §4).
  useEffect(
    () =>
      onLogout(({ redirect, returnHere }) => {
        queryClient.removeQueries({ queryKey: currentUserKey });
        queryClient.removeQueries({ queryKey: balanceKey });
        if (!redirect) return;
        const back = returnHere && isReturnable(path.current) ? path.current : null;
        return navigate(withRedirectUrl('/auth/login', back));
      }),
    [navigate, queryClient],
  );

  // Re-render when the token expires, so the guards see the login is no longer valid.
  useEffect(() => {
    if (token === null) return;
    const claims = decodeTokenClaims(token);
    if (claims === null) return;
    const delay = Math.min(claims.exp * 1000 - Date.now() + 1, MAX_TIMER_MS);
    const timer = setTimeout(() => setExpiryTick((tick) => tick + 1), delay);
    return () => clearTimeout(timer);
  }, [token]);

  // A session that expires goes to /auth/login, coming back here after the next login.
  const stalePath = !isLoggedIn && readToken() !== null ? currentPath(location) : null;
  useEffect(() => {
    if (stalePath === null) return;
    removeToken();
    queryClient.removeQueries({ queryKey: currentUserKey });
    if (isReturnable(stalePath)) {
      navigate(withRedirectUrl('/auth/login', stalePath), { replace: true });
    }
  }, [stalePath, navigate, queryClient]);

  // Visitors who are not logged in carry a guest id (guest_ + UUID under `uid`).
  useEffect(() => {
    if (!isLoggedIn) ensureGuestId();
  }, [isLoggedIn]);

  // Cached answers belong to the account that asked for them: once it logs out, expires or
  // gives way to another account (also from another tab), none of it may show to the next.
  const cachedUserId = useRef(userId);
  useEffect(() => {
    if (cachedUserId.current !== null && userId !== cachedUserId.current) {
      queryClient.removeQueries();
    }
    cachedUserId.current = userId;
  }, [userId, queryClient]);

  // Analytics: the logged-in state, sent when the user id changes (product-spec §4).
  const trackedUserId = useRef<string | null>(null);
  useEffect(() => {
    if (userId !== null && userId !== trackedUserId.current) track('logged_in');
    trackedUserId.current = userId;
  }, [userId]);

  // An `mlsr` query parameter anywhere is an opened tracked link: report it once.
  const mlsr = new URLSearchParams(location.search).get('mlsr');
  const reportedMlsr = useRef(new Set<string>());
  useEffect(() => {
    if (mlsr === null || reportedMlsr.current.has(mlsr)) return;
    reportedMlsr.current.add(mlsr);
    mailClient.get('/tracker/click', { query: { mlsr } }).catch(() => {});
  }, [mlsr]);

  return null;
}

// The login and sign-up pages are no place to come back to after logging in.
function isReturnable(path: string): boolean {
  return !path.startsWith('/auth/') && !path.startsWith('/signup');
}
