import { Navigate } from 'react-router';
import { useCurrentUser } from '../../../shared/session/api/get-current-user.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';

// The upgrade screen; users on a paid plan are sent on to /look-alike (product-spec §2).
export function LookAlikeRestrictedPage() {
  const user = useCurrentUser();
  if (user.isPending) return <PageLoader />;
  if (user.data?.plan && !user.data.plan.is_default) return <Navigate to="/look-alike" replace />;
  return <Page title="Look-Alike" />;
}
