import { bulkMessages, type LookalikeContact, TOAST_MS } from '@mailhound/contracts';
import { ActionIcon, Alert, Button, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconMailSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError, creditsMissing, errorMessage } from '../../../shared/api/api-error.ts';
import { useBalance } from '../../../shared/session/api/get-balance.ts';
import { CreditsModal } from '../../../shared/ui/credits-modal.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { fromPageOf } from '../../../shared/ui/search-history.tsx';
import { SpendConfirmModal } from '../../../shared/ui/spend-confirm.tsx';
import { FoundPeopleActions, type FoundPerson } from '../../leads/index.ts';
import { useFollowLookalikeItem } from '../api/follow-lookalike-item.ts';
import { useLookalikeItem } from '../api/get-lookalike-item.ts';
import { useSearchLookalikeEmails } from '../api/search-lookalike-emails.ts';
import { findEmailsSummary, lookalikeOutcome, outcomeTexts } from '../lookalike-item.ts';
import { LookalikeContactsTable } from './lookalike-contacts-table.tsx';

const findEmailsFailed = 'The emails could not be found. Please try again.';

// Said in place of the 'No emails found yet' hint while Find Emails runs.
function findingEmailsText(contacts: number): string {
  return `Finding emails for ${contacts.toLocaleString('en-US')} ${contacts === 1 ? 'contact' : 'contacts'}…`;
}

const findingEmailsHint = 'No emails found yet: Find Emails is running.';

function foundPerson(contact: LookalikeContact): FoundPerson {
  return { ...contact, email: contact.exactEmail, score: contact.exactEmailScore };
}

// 'best-customers.csv' exports as 'best-customers-look-alike.csv'.
function exportFileName(fileName: string): string {
  return `${fileName.replace(/\.(csv|xlsx|txt)$/i, '') || 'contacts'}-look-alike.csv`;
}

function failureText(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : 'Unknown error.';
}

// product-spec §2 "Look-alike preview": the file name, the found contacts and Find Emails.
export function LookAlikePreviewPage() {
  const { requestId = '' } = useParams();
  const location = useLocation();
  const item = useLookalikeItem(requestId);
  const balance = useBalance();
  const searchEmails = useSearchLookalikeEmails(requestId);
  const [findError, setFindError] = useState<string | null>(null);
  const [creditsNeeded, setCreditsNeeded] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const findOffId = useId();
  // Opened while still processing: the page follows the stream to the final state.
  useFollowLookalikeItem({ requestId, status: item.data?.status ?? 'completed' });

  const back = (
    <ActionIcon
      component={Link}
      to={`/look-alike?${new URLSearchParams({ page: String(fromPageOf(location.state)) })}`}
      variant="subtle"
      size="lg"
      aria-label="Back to look-alike"
    >
      <IconArrowLeft size={20} />
    </ActionIcon>
  );

  if (item.isPending) {
    return (
      <Page title="Look-Alike">
        {back}
        <PageLoader />
      </Page>
    );
  }
  if (item.isError) {
    return (
      <Page title="Look-Alike">
        {back}
        <Alert color="red" role="alert">
          {bulkMessages.previewFailed(failureText(item.error))}
        </Alert>
      </Page>
    );
  }

  const { input, result, error } = item.data;
  const outcome = lookalikeOutcome(item.data);
  const contacts = result?.preview ?? [];
  const { missing, status, noEmailHint, findOffReason } = findEmailsSummary(contacts);
  const available = balance.data?.balanceAvailable;

  // A zero balance opens the credits modal without asking the server (api-spec §8); otherwise
  // the price is shown first and nothing is spent until it is confirmed.
  const askToFindEmails = () => {
    setFindError(null);
    if (available === 0) setCreditsNeeded(Math.max(1, missing));
    else setConfirming(true);
  };

  const findEmails = async () => {
    try {
      await searchEmails.mutateAsync();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 402) {
        setCreditsNeeded(creditsMissing(failure) ?? Math.max(1, missing - (available ?? 0)));
      } else if (failure instanceof ApiError && [500, 502].includes(failure.status)) {
        // api-spec §8: the same notification as the other bulk and look-alike failures.
        notifications.show({
          color: 'red',
          message: bulkMessages.listCreationFailed,
          autoClose: TOAST_MS,
        });
      } else {
        setFindError(errorMessage(failure, findEmailsFailed));
      }
    }
  };

  return (
    <Page title="Look-Alike">
      <Group gap="sm" wrap="nowrap">
        {back}
        <Title order={2} size="h3">
          {input.fileName}
        </Title>
      </Group>
      {outcome === 'processing' && (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text>{outcomeTexts.processing}</Text>
        </Group>
      )}
      {outcome === 'error' && (
        <Alert color="red" role="alert" title={outcomeTexts.error}>
          {error ?? 'Unknown error.'}
        </Alert>
      )}
      {(outcome === 'success' || outcome === 'empty') && (
        <>
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between">
              <Text fw={500}>
                {outcome === 'success'
                  ? outcomeTexts.success(result?.totalCount ?? 0)
                  : outcomeTexts.empty}
              </Text>
              <Group gap="sm">
                {/* Every contact of the search, with or without an address found. */}
                {contacts.length > 0 && (
                  <FoundPeopleActions
                    people={contacts.map(foundPerson)}
                    fileName={exportFileName(input.fileName)}
                    noEmailHint={searchEmails.isPending ? findingEmailsHint : noEmailHint}
                  />
                )}
                <Button
                  leftSection={<IconMailSearch size={16} />}
                  onClick={askToFindEmails}
                  loading={searchEmails.isPending}
                  // Nothing left to search once every contact with a name has been searched.
                  disabled={missing === 0}
                  aria-describedby={findOffReason === null ? undefined : findOffId}
                >
                  Find Emails
                </Button>
              </Group>
            </Group>
            {(status !== null || findOffReason !== null || searchEmails.isPending) && (
              <Group gap="md" mt="xs">
                {searchEmails.isPending && (
                  <Group gap="xs">
                    <Loader size="xs" aria-hidden />
                    <Text size="sm" role="status">
                      {findingEmailsText(missing)}
                    </Text>
                  </Group>
                )}
                {status !== null && (
                  <Text size="sm" role="status">
                    {status}
                  </Text>
                )}
                {findOffReason !== null && (
                  <Text id={findOffId} size="sm" c="dimmed">
                    {findOffReason}
                  </Text>
                )}
              </Group>
            )}
          </Paper>
          {findError && (
            <Alert color="red" role="alert">
              {findError}
            </Alert>
          )}
          {contacts.length === 0 ? (
            <Text c="dimmed" ta="center">
              {bulkMessages.noContactsFound}
            </Text>
          ) : (
            <LookalikeContactsTable contacts={contacts} />
          )}
        </>
      )}
      <SpendConfirmModal
        opened={confirming}
        title="Find Emails"
        credits={missing}
        confirmLabel="Find Emails"
        onConfirm={() => void findEmails()}
        onClose={() => setConfirming(false)}
      />
      <CreditsModal
        opened={creditsNeeded !== null}
        onClose={() => setCreditsNeeded(null)}
        freePlan={balance.data?.plan?.is_default ?? false}
        needed={creditsNeeded ?? 1}
      />
    </Page>
  );
}
