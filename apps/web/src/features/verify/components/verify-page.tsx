import type { SearchProgressData, VerifyBody, VerifyResultData } from '@mailhound/contracts';
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import { currentPath, withRedirectUrl } from '../../../shared/session/redirect-url.ts';
import { signUpReasonState } from '../../../shared/session/sign-up-reason.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { HistoryPages, useHistoryPage } from '../../../shared/ui/search-history.tsx';
import { useVerifyHistory, verifyHistoryKey } from '../api/get-verify-history.ts';
import { verifyEmail } from '../api/verify-email.ts';
import { VerdictCard } from './verdict-card.tsx';
import { VerifyForm } from './verify-form.tsx';
import { VerifyHistoryTable } from './verify-history-table.tsx';

export const verifyPageMessages = {
  failed: 'The verification could not be completed. Please try again.',
  historyFailed: 'Your verification history could not be loaded.',
  verifying: 'Verifying',
} as const;

// What went wrong, in words, and whether buying credits is the way forward.
type Failure = { text: string; buyCredits: boolean };

function failureOf(error: unknown): Failure {
  if (error instanceof ApiError && error.status === 402) {
    return { text: errorMessage(error, verifyPageMessages.failed), buyCredits: true };
  }
  return {
    text: errorMessage(error, verifyPageMessages.failed, [400, 403, 429]),
    buyCredits: false,
  };
}

// issue 22 "Email Verifier": one address in, the streamed progress, then the verdict; below it
// the user's verifications, 10 per page. A guest is sent to sign up, as from bulk search.
export function VerifyPage() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { page, setPage, history } = useHistoryPage(useVerifyHistory);
  const [progress, setProgress] = useState<SearchProgressData | null>(null);
  const [result, setResult] = useState<VerifyResultData | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const verify = async (body: VerifyBody) => {
    if (!isLoggedIn) {
      navigate(withRedirectUrl('/signup', currentPath(location)), {
        state: signUpReasonState('verify'),
      });
      return;
    }
    setFailure(null);
    setResult(null);
    setProgress({ stage: 'dns', percent: 0 });
    try {
      const outcome = await verifyEmail(body, { onProgress: setProgress });
      if (outcome.kind === 'verdict') setResult(outcome.verdict);
      else if (outcome.kind === 'payment_error') {
        setFailure({ text: outcome.message, buyCredits: true });
      } else setFailure({ text: outcome.error, buyCredits: false });
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setProgress(null);
      // A conclusive verdict took a credit, any other released its hold: the top bar reads it.
      queryClient.invalidateQueries({ queryKey: balanceKey });
      queryClient.invalidateQueries({ queryKey: verifyHistoryKey });
      if (page !== 1) setPage(1);
    }
  };

  const percent = Math.round(progress?.percent ?? 0);
  return (
    <Page title="Email Verifier">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <VerifyForm verifying={progress !== null} onVerify={verify} />
          {progress !== null && (
            <Stack gap={4} aria-busy="true">
              <Text size="sm">
                {verifyPageMessages.verifying} {percent}%
              </Text>
              <Progress value={percent} size="sm" aria-label="Verification progress" />
            </Stack>
          )}
          {failure && (
            <Alert color="red" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{failure.text}</Text>
                {failure.buyCredits && (
                  <Button component={Link} to="/purchase" size="xs">
                    Buy credits
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              One credit for a valid or invalid address; accept all, webmail, disposable and unknown
              are free.
            </Text>
            <Button
              component={Link}
              to="/search/bulk?upload=verify"
              variant="default"
              size="xs"
              leftSection={<IconFileSpreadsheet size={16} />}
            >
              Verify a list
            </Button>
          </Group>
        </Stack>
      </Paper>
      {result && <VerdictCard key={result._id} verdict={result} />}
      {isLoggedIn && (
        <HistoryPages
          history={history}
          page={page}
          onPage={setPage}
          label="Verification history pages"
          failed={verifyPageMessages.historyFailed}
          table={(items) => <VerifyHistoryTable items={items} onDetails={setResult} />}
        />
      )}
    </Page>
  );
}
