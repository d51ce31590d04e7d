import { type CompanyFilters, filtersFromQuery, filtersToQuery } from '@mailhound/contracts';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { withRedirectUrl } from '../../shared/session/redirect-url.ts';
import { clearAutoSearch, isAutoSearchRequested } from './auto-search.ts';
import { canSearch, type FilterKey, pickFilters } from './filter-fields.ts';

export type FilterSearch = { filters: CompanyFilters; page: number };

// The finders' state: the filters live in the query string (a reload or a shared link restores
// them); a search runs when the user asks, or at once when the page opens with the autoSearch
// flag and filters in the query (product-spec §2 Company page).
export function useFilterSearch(fields: readonly FilterKey[]) {
  const [params, setParams] = useSearchParams();
  const [initialFilters] = useState(() => pickFilters(filtersFromQuery(params), fields));
  const [search, setSearch] = useState<FilterSearch | null>(() =>
    isAutoSearchRequested() && canSearch(initialFilters)
      ? { filters: initialFilters, page: 1 }
      : null,
  );

  // The flag serves one opening of the page.
  useEffect(() => {
    clearAutoSearch();
  }, []);

  return {
    initialFilters,
    search,
    run(filters: CompanyFilters) {
      setParams(filtersToQuery(filters), { replace: true });
      setSearch({ filters, page: 1 });
    },
    setPage(page: number) {
      setSearch((current) => (current === null ? null : { ...current, page }));
    },
  };
}

export const finderFailure = 'The search could not be completed. Please try again.';

// A guest's search goes to sign-up first, coming back to the same filters.
export function useGuestSearchRedirect() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (filters: CompanyFilters) =>
    navigate(withRedirectUrl('/signup', `${pathname}?${filtersToQuery(filters)}`));
}
