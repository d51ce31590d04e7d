import { type CompanyFilters, filtersFromQuery, filtersToQuery } from '@mailhound/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { withRedirectUrl } from '../../shared/session/redirect-url.ts';
import { type SignUpReason, signUpReasonState } from '../../shared/session/sign-up-reason.ts';
import { clearAutoSearch, isAutoSearchRequested } from './auto-search.ts';
import { canSearch, type FilterKey, pickFilters } from './filter-fields.ts';

export type FilterSearch = { filters: CompanyFilters; page: number };

// A searched state in the address: the filters (product-spec §3) and the results page.
export function searchToQuery({ filters, page }: FilterSearch): URLSearchParams {
  const query = filtersToQuery(filters);
  query.set('page', String(page));
  return query;
}

// A hand-edited page that is not a whole number from 1 leaves the address unsearched.
function pageFromQuery(query: URLSearchParams): number | null {
  const raw = query.get('page');
  return raw !== null && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

// The finders' state lives in the query string, so a reload, Back from a company page or a
// shared link shows the same thing. Filters alone only fill the form: the search runs on the
// Search button, which adds the page (page=1, then the page the user turns to); an address
// with filters and a page shows that page of results. The autoSearch flag of the company page
// (product-spec §2) makes its page-less link a search of page 1.
export function useFilterSearch(fields: readonly FilterKey[]) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => pickFilters(filtersFromQuery(params), fields), [params, fields]);
  const filtersKey = filtersToQuery(filters).toString();
  const page = pageFromQuery(params);
  const [autoSearch] = useState(() =>
    isAutoSearchRequested() && page === null && canSearch(filters) ? filtersKey : null,
  );

  // Results shown because the page was opened on a searched address (a reload, a shared
  // link), not because of a click here: the Lead Finder does not spend a search for those.
  const [openedSearched] = useState(() => page !== null && canSearch(filters));

  let search: FilterSearch | null = null;
  if (page !== null && canSearch(filters)) search = { filters, page };
  else if (page === null && autoSearch === filtersKey) search = { filters, page: 1 };

  // The flag serves one opening of the page.
  useEffect(() => {
    clearAutoSearch();
  }, []);

  const autoWritten = useRef(false);
  useEffect(() => {
    if (autoSearch === null || autoWritten.current) return;
    autoWritten.current = true;
    const query = new URLSearchParams(autoSearch);
    query.set('page', '1');
    setParams(query, { replace: true });
  }, [autoSearch, setParams]);

  return {
    filters,
    search,
    openedSearched,
    run(next: CompanyFilters) {
      setParams(searchToQuery({ filters: next, page: 1 }), { replace: true });
    },
    setPage(next: number) {
      if (search !== null) setParams(searchToQuery({ ...search, page: next }), { replace: true });
    },
  };
}

export const finderFailure = 'The search could not be completed. Please try again.';

// A guest's search goes to sign-up first, coming back to the same filters.
export function useGuestSearchRedirect(reason: SignUpReason) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (filters: CompanyFilters) =>
    navigate(withRedirectUrl('/signup', `${pathname}?${filtersToQuery(filters)}`), {
      state: signUpReasonState(reason),
    });
}
