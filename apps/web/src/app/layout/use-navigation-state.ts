import { useLocation } from 'react-router';
import { useCurrentUser } from '../../shared/session/api/get-current-user.ts';
import { useSession } from '../../shared/session/use-session.ts';

// What the navigation offers to the current visitor (product-spec §2 "Navigation").
export function useNavigationState() {
  const { isLoggedIn } = useSession();
  const user = useCurrentUser();
  const location = useLocation();
  const currentUser = isLoggedIn ? user.data : undefined;
  return {
    isLoggedIn,
    user: currentUser,
    hasMail: currentUser?.properties.sections.includes('mail') ?? false,
    // Until the e-mail is verified every link, the logo and Add Credits are disabled.
    locked: location.pathname === '/email-verification' || currentUser?.status === 'not verified',
  };
}
