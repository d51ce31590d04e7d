import { authMessages } from '@mailhound/contracts';
import { Text } from '@mantine/core';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { readVerificationState } from '../features/auth/index.ts';
import { useCurrentUser } from '../shared/session/api/get-current-user.ts';
import { currentPath, safeRedirectUrl, withRedirectUrl } from '../shared/session/redirect-url.ts';
import { isSessionTransition } from '../shared/session/session-store.ts';
import { useSession } from '../shared/session/use-session.ts';
import { PageLoader } from '../shared/ui/page-loader.tsx';

// Route guards of product-spec §2. Each renders its child routes or redirects.

// No valid login (no token, or its expiry has passed) → login, coming back here afterwards.
export function RequireLogin() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (!isLoggedIn) {
    // A logout is already on its way to /auth/login.
    if (isSessionTransition()) return null;
    return <Navigate to={withRedirectUrl('/auth/login', currentPath(location))} replace />;
  }
  return <Outlet />;
}

// Status must be active, else /email-verification. Guests pass: their screens handle them.
export function RequireActive() {
  const { isLoggedIn } = useSession();
  const user = useCurrentUser();
  const location = useLocation();
  if (!isLoggedIn) return <Outlet />;
  if (user.isPending) return <PageLoader />;
  if (user.isError) return <Text c="red">{authMessages.cannotGetUser}</Text>;
  if (user.data.status !== 'active') {
    return <Navigate to={withRedirectUrl('/email-verification', currentPath(location))} replace />;
  }
  return <Outlet />;
}

// Without the mail section the user is sent to /.
export function RequireMail() {
  const user = useCurrentUser();
  if (user.isPending) return <PageLoader />;
  if (user.isError) return <Text c="red">{authMessages.cannotGetUser}</Text>;
  if (!user.data.properties.sections.includes('mail')) return <Navigate to="/" replace />;
  return <Outlet />;
}

// A default or missing plan sends look-alike users to the upgrade screen.
export function RequirePaidPlan() {
  const user = useCurrentUser();
  if (user.isPending) return <PageLoader />;
  if (user.isError) return <Text c="red">{authMessages.cannotGetUser}</Text>;
  if (!user.data.plan || user.data.plan.is_default) {
    return <Navigate to="/look-alike/restricted" replace />;
  }
  return <Outlet />;
}

// Sign-up, login, forgot and reset password are for visitors who are not logged in.
export function AnonymousOnly() {
  const { isLoggedIn } = useSession();
  if (isLoggedIn && !isSessionTransition()) return <Navigate to="/search/single" replace />;
  return <Outlet />;
}

// A valid login, or the credentials sign-up carried in navigation state.
export function EmailVerificationAccess() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (isLoggedIn || readVerificationState(location.state) !== null) return <Outlet />;
  const redirectUrl = safeRedirectUrl(searchParams.get('redirectUrl'));
  return <Navigate to={withRedirectUrl('/auth/login', redirectUrl)} replace />;
}

// The unsubscribe survey needs the signed `unsub` token, otherwise it goes to login.
export function RequireUnsubParam() {
  const [searchParams] = useSearchParams();
  if (!searchParams.has('unsub')) return <Navigate to="/auth/login" replace />;
  return <Outlet />;
}
