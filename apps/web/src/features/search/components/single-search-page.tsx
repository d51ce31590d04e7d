import {
  CREDITS_PER_SEARCH,
  type SingleSearchForm as SearchValues,
  toSingleSearchBody,
  VERIFIED_SCORE,
} from '@mailhound/contracts';
import { Alert, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { balanceKey, useBalance } from '../../../shared/session/api/get-balance.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { lazyModal } from '../../../shared/ui/lazy-modal.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { emailsFoundQueryOptions } from '../api/get-emails-found.ts';
import { singleHistoryKey, useSingleSearchHistory } from '../api/get-single-search-history.ts';
import { type SearchOutcome, searchPerson } from '../api/search-person.ts';
import { useFirstSteps } from '../use-first-steps.ts';
import { BotCheck, type BotCheckHandle } from './bot-check.tsx';
import { FirstSteps } from './first-steps.tsx';
import { HistoryPagination } from './history-pagination.tsx';
import { type PendingSearch, SearchHistoryTable } from './search-history-table.tsx';
import { SingleSearchForm } from './single-search-form.tsx';

// A verified address found again costs nothing (credits charge each address once): the user
// is told, as the balance alone would not say why it did not move.
function alreadyPaidFor(outcome: Extract<SearchOutcome, { kind: 'found' }>): boolean {
  return (
    !outcome.charged &&
    outcome.exactEmail !== null &&
    (outcome.exactEmailScore ?? 0) >= VERIFIED_SCORE
  );
}

const alreadyPaidForText = (email: string) => `No credit taken: you already paid for ${email}.`;

const searchFailureMessages = {
  botCheckMissing: 'Please complete the bot check before searching.',
  searchFailed: 'The search could not be completed. Please try again.',
  historyFailed: 'Your search history could not be loaded.',
} as const;

const CreditsModal = lazyModal(() =>
  import('../../../shared/ui/credits-modal.tsx').then((module) => module.CreditsModal),
);
const OutOfFreeSearchesModal = lazyModal(() =>
  import('./search-limit-modals.tsx').then((module) => module.OutOfFreeSearchesModal),
);

type LimitModal = { kind: 'credits'; needed: number } | { kind: 'guest' } | null;

// product-spec §2 "Single search": the form, the streamed search and the history.
export function SingleSearchPage() {
  const params = useParams();
  const { isLoggedIn, guestId } = useSession();
  const balance = useBalance();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const history = useSingleSearchHistory(page);
  const [pending, setPending] = useState<PendingSearch | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [freeFind, setFreeFind] = useState<string | null>(null);
  const [limitModal, setLimitModal] = useState<LimitModal>(null);
  const botCheck = useRef<BotCheckHandle>(null);
  const firstSteps = useFirstSteps();

  // The optional route segments prefill the form.
  const prefill: SearchValues = {
    company: params.company_name ?? '',
    firstName: params.first_name ?? '',
    lastName: params.last_name ?? '',
  };
  const freePlan = balance.data?.plan?.is_default ?? true;

  const showLimit = (needed: number) =>
    setLimitModal(isLoggedIn ? { kind: 'credits', needed } : { kind: 'guest' });

  const search = async (values: SearchValues) => {
    setFailure(null);
    setFreeFind(null);
    // Zero balance: the modal, without asking the server (api-spec §8).
    if (balance.data?.balanceAvailable === 0) {
      showLimit(CREDITS_PER_SEARCH);
      return;
    }
    let guest: { code: string; userId: string } | undefined;
    if (!isLoggedIn) {
      const code = await botCheck.current?.token().catch(() => null);
      if (!code || guestId === null) {
        setFailure(searchFailureMessages.botCheckMissing);
        return;
      }
      guest = { code, userId: guestId };
    }
    const body = toSingleSearchBody(values, guest);
    setPage(1);
    setPending({
      firstName: body.firstName,
      lastName: body.lastName,
      company: body.companyWebsite ?? body.companyName ?? '',
      percent: 0,
    });
    try {
      const outcome = await searchPerson(body, {
        onProgress: ({ percent }) =>
          setPending((current) => (current === null ? null : { ...current, percent })),
      });
      if (isLoggedIn && outcome.kind === 'found' && alreadyPaidFor(outcome)) {
        setFreeFind(alreadyPaidForText(outcome.exactEmail ?? ''));
      }
      if (outcome.kind === 'payment_error') {
        showLimit(Math.max(CREDITS_PER_SEARCH, outcome.required - outcome.available));
      }
    } catch (error) {
      setFailure(errorMessage(error, searchFailureMessages.searchFailed));
    } finally {
      // A bot-check token is good for one search only.
      botCheck.current?.reset();
      queryClient.invalidateQueries({ queryKey: balanceKey });
      queryClient.invalidateQueries({ queryKey: emailsFoundQueryOptions().queryKey });
      // The temporary row goes when the refreshed history is in.
      await queryClient.invalidateQueries({ queryKey: singleHistoryKey });
      setPending(null);
    }
  };

  const rows = history.data?.rows ?? [];
  return (
    <Page title="Single Search">
      {firstSteps.visible && <FirstSteps steps={firstSteps.steps} onDismiss={firstSteps.dismiss} />}
      <Paper withBorder p="md" radius="md">
        <SingleSearchForm
          key={`${prefill.company}/${prefill.firstName}/${prefill.lastName}`}
          defaultValues={prefill}
          searching={pending !== null}
          onSearch={search}
          botCheck={isLoggedIn ? null : <BotCheck handle={botCheck} />}
        />
        {freeFind && (
          <Alert color="teal" role="status" mt="sm">
            {freeFind}
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert" mt="sm">
            {failure}
          </Alert>
        )}
      </Paper>
      <Stack gap="sm">
        {history.isPending && pending === null ? (
          history.fetchStatus === 'idle' ? null : (
            <PageLoader />
          )
        ) : history.isError && rows.length === 0 && pending === null ? (
          <Text size="sm" c="red">
            {searchFailureMessages.historyFailed}
          </Text>
        ) : firstSteps.visible && rows.length === 0 && pending === null ? null : (
          <SearchHistoryTable rows={rows} pending={pending} />
        )}
        <HistoryPagination
          page={page}
          totalPages={history.data?.totalPages ?? 0}
          onChange={setPage}
        />
      </Stack>
      <CreditsModal
        opened={limitModal?.kind === 'credits'}
        onClose={() => setLimitModal(null)}
        freePlan={freePlan}
        needed={limitModal?.kind === 'credits' ? limitModal.needed : CREDITS_PER_SEARCH}
      />
      <OutOfFreeSearchesModal
        opened={limitModal?.kind === 'guest'}
        onClose={() => setLimitModal(null)}
      />
    </Page>
  );
}
