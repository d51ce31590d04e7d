import type { CompanyFilters } from '@mailhound/contracts';
import { Alert, Stack } from '@mantine/core';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { useCompanySearch } from '../api/search-companies.ts';
import { companyFilterFields } from '../filter-fields.ts';
import { finderFailure, useFilterSearch, useGuestSearchRedirect } from '../use-filter-search.ts';
import { CompanyResultsTable } from './company-results-table.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { ResultsPagination } from './results-pagination.tsx';

// product-spec §2 route /company-finder: filters, then a paged table of companies.
export function CompanyFinderPage() {
  const { isLoggedIn } = useSession();
  const finder = useFilterSearch(companyFilterFields);
  const results = useCompanySearch(isLoggedIn ? finder.search : null);
  const toSignUp = useGuestSearchRedirect('companySearch');

  const search = (filters: CompanyFilters) => {
    if (isLoggedIn) finder.run(filters);
    else toSignUp(filters);
  };

  return (
    <Page title="Company Finder">
      <FilterPanel
        fields={companyFilterFields}
        defaultValues={finder.filters}
        searching={results.isFetching}
        onSearch={search}
      />
      {results.isError && (
        <Alert color="red" role="alert">
          {errorMessage(results.error, finderFailure, [400])}
        </Alert>
      )}
      {results.data && finder.search && (
        <Stack gap="sm">
          <CompanyResultsTable items={results.data.items} />
          <ResultsPagination
            page={finder.search.page}
            totalPages={results.data.totalPages}
            totalItems={results.data.totalItems}
            onChange={finder.setPage}
          />
        </Stack>
      )}
    </Page>
  );
}
