import { filtersToQuery } from '@mailhound/contracts';
import { useNavigate } from 'react-router';
import { withRedirectUrl } from '../../shared/session/redirect-url.ts';
import { signUpReasonState } from '../../shared/session/sign-up-reason.ts';
import { useSession } from '../../shared/session/use-session.ts';
import { requestAutoSearch } from './auto-search.ts';

// product-spec §2 Company page: /lead-finder?companyName={encoded JSON array with one name}.
export function leadFinderUrl(companyName: string): string {
  return `/lead-finder?${filtersToQuery({ companyName: [companyName] })}`;
}

// Every action of the company page: the lead finder searching at once when logged in,
// otherwise sign-up coming back to it.
export function useOpenLeadFinder(companyName: string) {
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  return () => {
    const url = leadFinderUrl(companyName);
    if (!isLoggedIn) {
      navigate(withRedirectUrl('/signup', url), { state: signUpReasonState('companyContacts') });
      return;
    }
    requestAutoSearch();
    navigate(url);
  };
}
