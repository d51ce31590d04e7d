import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { marketingUrl } from '../../../shared/config.ts';
import { currentPath, withRedirectUrl } from '../../../shared/session/redirect-url.ts';
import { signUpReasonState } from '../../../shared/session/sign-up-reason.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { CreditsModal } from '../../../shared/ui/credits-modal.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import {
  HistoryPages,
  UploadEmptyState,
  useHistoryPage,
} from '../../../shared/ui/search-history.tsx';
import { useBulkHistory } from '../api/get-bulk-history.ts';
import { BulkHistoryTable } from './bulk-history-table.tsx';
import { UploadModal } from './upload-modal.tsx';

const tutorialVideoUrl = `${marketingUrl}/tutorials/bulk-search`;
const historyFailed = 'Your bulk search history could not be loaded.';

// product-spec §2 "Bulk search": the history (10 per page) and the upload modal. The page
// lives in the query string, so the preview's back arrow can return to it (with skipVideo).
export function BulkSearchPage() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { page, setPage, history, searchParams } = useHistoryPage(useBulkHistory);
  const [, setSearchParams] = useSearchParams();
  const skipVideo = searchParams.has('skipVideo');
  const [uploadOpened, setUploadOpened] = useState(false);
  // A 'Verify emails' upload (issue 22): `?upload=verify` (the verifier's 'Verify a list')
  // opens the upload modal for a list of addresses.
  const [verifyList, setVerifyList] = useState(false);
  const verifyAsked = searchParams.get('upload') === 'verify';
  useEffect(() => {
    if (!verifyAsked || !isLoggedIn) return;
    setVerifyList(true);
    setUploadOpened(true);
    setSearchParams(
      (params) => {
        params.delete('upload');
        return params;
      },
      { replace: true },
    );
  }, [verifyAsked, isLoggedIn, setSearchParams]);
  // The credits the refused upload needs, while the credits modal is open.
  const [creditsNeeded, setCreditsNeeded] = useState<number | null>(null);

  // product-spec §6: a guest cannot use bulk search and is sent to sign up, coming back here.
  const openUpload = () => {
    if (!isLoggedIn) {
      navigate(withRedirectUrl('/signup', currentPath(location)), {
        state: signUpReasonState('bulk'),
      });
      return;
    }
    setVerifyList(false);
    setUploadOpened(true);
  };

  const empty = !isLoggedIn || (history.isSuccess && history.data.totalItems === 0);

  return (
    <Page title="Bulk Search">
      {!empty && (
        <Group justify="space-between">
          <Text c="dimmed" size="sm">
            Find or verify the e-mail addresses of a whole list at once.
          </Text>
          <Button leftSection={<IconPlus size={16} />} onClick={openUpload}>
            New Bulk
          </Button>
        </Group>
      )}
      {empty ? (
        <UploadEmptyState
          text="Find and verify the business e-mails of every person in a CSV or XLSX file."
          onUpload={openUpload}
        >
          {!skipVideo && (
            <Anchor href={tutorialVideoUrl} target="_blank" rel="noopener noreferrer" size="sm">
              Watch the tutorial video
            </Anchor>
          )}
        </UploadEmptyState>
      ) : (
        <HistoryPages
          history={history}
          page={page}
          onPage={setPage}
          label="Bulk history pages"
          failed={historyFailed}
          table={(items) => <BulkHistoryTable items={items} page={page} />}
        />
      )}
      <UploadModal
        opened={uploadOpened}
        verify={verifyList}
        onClose={() => setUploadOpened(false)}
        onUploaded={() => {
          setUploadOpened(false);
          setPage(1);
        }}
        onNotEnoughCredits={(needed) => {
          setUploadOpened(false);
          setCreditsNeeded(needed);
        }}
      />
      {/* api-spec §8: the upload's 402 ('You need N more credits.'): a list holds one credit
          per row to search. */}
      <CreditsModal
        opened={creditsNeeded !== null}
        onClose={() => setCreditsNeeded(null)}
        freePlan={false}
        needed={creditsNeeded ?? 1}
      />
    </Page>
  );
}
