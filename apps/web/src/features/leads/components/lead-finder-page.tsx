import {
  type CompanyFilters,
  companyMessages,
  FIND_EMAILS_MAX,
  type LeadItem,
} from '@mailhound/contracts';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { balanceKey, useBalance } from '../../../shared/session/api/get-balance.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { CreditsModal } from '../../../shared/ui/credits-modal.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { SpendConfirmModal } from '../../../shared/ui/spend-confirm.tsx';
import {
  FilterPanel,
  finderFailure,
  leadFilterFields,
  ResultsPagination,
  useFilterSearch,
  useGuestSearchRedirect,
} from '../../companies/index.ts';
import { findEmailsInChunks } from '../api/find-emails.ts';
import { isPageInCache, useLeadSearch } from '../api/search-leads.ts';
import type { FoundPerson } from '../found-people.ts';
import { FoundPeopleActions } from './found-people-actions.tsx';
import { type FoundEmail, LeadResultsTable } from './lead-results-table.tsx';

const findFailure = 'The emails could not be found. Please try again.';
const noEmailHint = 'No emails found yet: select leads and click Find emails first.';
const searchCostHint =
  'A search uses 1 of them for all its pages; the same filters are free again until midnight UTC.';
const notSearchedYet = (left: number) =>
  `These filters have not been searched on your account today. Searching uses 1 Lead Finder search (${left} left).`;

// The export's name carries the day it was made: several exports do not overwrite each other.
function exportFileName(now: Date): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return `mailhound-leads-${day}.csv`;
}

function foundPerson(lead: LeadItem, found: FoundEmail): FoundPerson {
  return {
    fname: lead.fname,
    lname: lead.lname,
    jobTitle: lead.jobTitle,
    companyName: lead.companyName,
    website: lead.website,
    linkedinUrl: lead.linkedinUrl,
    email: found.exactEmail,
    score: found.exactEmailScore,
  };
}

// product-spec §2 route /lead-finder: filters, a paged table of people, and Find emails for
// the selected ones through the finder, with credits.
export function LeadFinderPage() {
  const { isLoggedIn, token } = useSession();
  const balance = useBalance();
  const finder = useFilterSearch(leadFilterFields);
  const queryClient = useQueryClient();
  // A search spends only on a click here; an opened address shows what is already paid for.
  const [spend, setSpend] = useState(
    () => !finder.openedSearched || isPageInCache(queryClient, token, finder.search),
  );
  const results = useLeadSearch(isLoggedIn ? finder.search : null, spend);
  const toSignUp = useGuestSearchRedirect('leadFinder');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [finding, setFinding] = useState<ReadonlySet<string>>(new Set());
  const [found, setFound] = useState<ReadonlyMap<string, FoundEmail>>(new Map());
  // Every lead ever selected, by id: a lead found on another page is exported with its details.
  const [selectedLeads, setSelectedLeads] = useState<ReadonlyMap<string, LeadItem>>(new Map());
  const [findError, setFindError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const stopRequested = useRef(false);
  const [creditsNeeded, setCreditsNeeded] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);

  const search = (filters: CompanyFilters) => {
    if (!isLoggedIn) {
      toSignUp(filters);
      return;
    }
    setSelected(new Set());
    setSpend(true);
    finder.run(filters);
  };

  const select = (ids: string[], checked: boolean) => {
    if (checked) {
      const leads = results.data?.items.filter((lead) => ids.includes(lead.id)) ?? [];
      setSelectedLeads(
        (current) => new Map([...current, ...leads.map((lead) => [lead.id, lead] as const)]),
      );
    }
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  };

  // Export and list creation take every lead looked up since the page opened, on any page
  // and in any search, in the order they were selected: the selection is what Find emails
  // still has to do, and a found lead leaves it.
  const lookedUp = useMemo(
    () =>
      [...selectedLeads.values()].flatMap((lead) => {
        const item = found.get(lead.id);
        return item === undefined ? [] : [foundPerson(lead, item)];
      }),
    [found, selectedLeads],
  );

  const available = balance.data?.balanceAvailable;
  // Zero balance: the credits modal, without asking the server (api-spec §8); otherwise the
  // price is shown first and nothing is spent until it is confirmed.
  const askToFind = () => {
    setFindError(null);
    if (available === 0) setCreditsNeeded(selected.size);
    else setConfirming(true);
  };

  const find = async () => {
    const ids = [...selected];
    setFinding(new Set(ids));
    setProgress({ done: 0, total: ids.length });
    stopRequested.current = false;
    let done = 0;
    const receive = (items: FoundEmail[]) => {
      done += items.length;
      // A lead whose answer came is no longer selected; the rest stay for another try.
      select(
        items.map((item) => item.leadId),
        false,
      );
      setProgress({ done, total: ids.length });
      setFound((current) => {
        const next = new Map(current);
        for (const item of items) next.set(item.leadId, item);
        return next;
      });
      setFinding((current) => {
        const next = new Set(current);
        for (const item of items) next.delete(item.leadId);
        return next;
      });
    };
    try {
      await findEmailsInChunks(ids, receive, () => stopRequested.current);
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        setCreditsNeeded(Math.max(1, ids.length - done - (available ?? 0)));
      } else {
        setFindError(errorMessage(error, findFailure));
      }
    } finally {
      setFinding(new Set());
      setProgress(null);
      void queryClient.invalidateQueries({ queryKey: balanceKey });
    }
  };

  const noLeadSearches = results.error instanceof ApiError && results.error.status === 402;
  return (
    <Page title="Lead Finder">
      {isLoggedIn && balance.data && (
        <Stack gap={0}>
          <Text fw={500}>Searches available: {balance.data.leadSearchBalance}</Text>
          <Text size="sm" c="dimmed">
            {searchCostHint}
          </Text>
        </Stack>
      )}
      <FilterPanel
        fields={leadFilterFields}
        defaultValues={finder.filters}
        searching={results.isFetching}
        onSearch={search}
      />
      {results.isError && (
        <Alert color={noLeadSearches ? 'orange' : 'red'} role="alert">
          <Stack gap="xs" align="flex-start">
            {noLeadSearches
              ? errorMessage(results.error, companyMessages.noLeadSearches)
              : errorMessage(results.error, finderFailure, [400])}
            {noLeadSearches && (
              <Button component={Link} to="/purchase" size="xs">
                Upgrade Now
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {results.data?.paid === false && (
        <Alert color="blue" role="status">
          <Stack gap="xs" align="flex-start">
            {notSearchedYet(results.data.leadSearchBalance)}
            <Button size="xs" onClick={() => setSpend(true)}>
              Search (uses 1 search)
            </Button>
          </Stack>
        </Alert>
      )}
      {results.data?.paid && finder.search && (
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              <Button
                onClick={askToFind}
                disabled={selected.size === 0 || selected.size > FIND_EMAILS_MAX}
                loading={progress !== null}
              >
                Find emails
              </Button>
              <Text size="sm" c={selected.size > FIND_EMAILS_MAX ? 'red' : 'dimmed'}>
                {selected.size > FIND_EMAILS_MAX
                  ? `Select at most ${FIND_EMAILS_MAX} leads at a time`
                  : `${selected.size} selected`}
              </Text>
            </Group>
            <FoundPeopleActions
              people={lookedUp}
              fileName={exportFileName(new Date())}
              noEmailHint={noEmailHint}
            />
          </Group>
          {progress && (
            <Group gap="sm" wrap="nowrap">
              <Progress
                value={(100 * progress.done) / progress.total}
                aria-label="Finding emails"
                style={{ flex: 1 }}
              />
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {`Finding emails: ${progress.done} of ${progress.total}`}
              </Text>
              <Button size="xs" variant="default" onClick={() => (stopRequested.current = true)}>
                Stop
              </Button>
            </Group>
          )}
          {findError && (
            <Alert color="red" role="alert">
              {findError}
            </Alert>
          )}
          <LeadResultsTable
            items={results.data.items}
            selected={selected}
            onSelect={select}
            found={found}
            finding={finding}
          />
          <ResultsPagination
            page={finder.search.page}
            totalPages={results.data.totalPages}
            totalItems={results.data.totalItems}
            onChange={finder.setPage}
          />
        </Stack>
      )}
      <SpendConfirmModal
        opened={confirming}
        title="Find emails"
        credits={selected.size}
        confirmLabel="Find emails"
        onConfirm={() => void find()}
        onClose={() => setConfirming(false)}
      />
      <CreditsModal
        opened={creditsNeeded !== null}
        onClose={() => setCreditsNeeded(null)}
        freePlan={balance.data?.plan?.is_default ?? true}
        needed={creditsNeeded ?? 1}
      />
    </Page>
  );
}
