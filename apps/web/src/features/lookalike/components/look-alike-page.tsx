import { bulkMessages } from '@mailhound/contracts';
import { Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useBalance } from '../../../shared/session/api/get-balance.ts';
import { currentPath, withRedirectUrl } from '../../../shared/session/redirect-url.ts';
import { signUpReasonState } from '../../../shared/session/sign-up-reason.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Page } from '../../../shared/ui/page.tsx';
import {
  HistoryPages,
  UploadEmptyState,
  useHistoryPage,
} from '../../../shared/ui/search-history.tsx';
import { useLookalikeHistory } from '../api/get-lookalike-history.ts';
import { LookalikeHistoryTable } from './lookalike-history-table.tsx';
import { LookalikeUploadModal } from './lookalike-upload-modal.tsx';

const historyFailed = 'Your look-alike history could not be loaded.';

// product-spec §2 "Look-alike": the searches left, the history (10 per page) and the upload
// modal.
export function LookAlikePage() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const balance = useBalance();
  const { page, setPage, history } = useHistoryPage(useLookalikeHistory);
  const [uploadOpened, setUploadOpened] = useState(false);

  // A guest clicking New goes to sign up, coming back here afterwards.
  const openUpload = () => {
    if (!isLoggedIn) {
      navigate(withRedirectUrl('/signup', currentPath(location)), {
        state: signUpReasonState('lookalike'),
      });
      return;
    }
    setUploadOpened(true);
  };

  const empty = !isLoggedIn || (history.isSuccess && history.data.totalItems === 0);

  return (
    <Page title="Look-Alike">
      <Group justify="space-between">
        {isLoggedIn && balance.data ? (
          <Text fw={500}>{bulkMessages.searchesAvailable(balance.data.leadSearchBalance)}</Text>
        ) : (
          <span />
        )}
        {!empty && (
          <Button leftSection={<IconPlus size={16} />} onClick={openUpload}>
            New Look-Alike
          </Button>
        )}
      </Group>
      {empty ? (
        <UploadEmptyState
          text="Find out how many similar accounts we can find"
          onUpload={openUpload}
        />
      ) : (
        <HistoryPages
          history={history}
          page={page}
          onPage={setPage}
          label="Look-alike history pages"
          failed={historyFailed}
          table={(items) => <LookalikeHistoryTable items={items} page={page} />}
        />
      )}
      <LookalikeUploadModal
        opened={uploadOpened}
        onClose={() => setUploadOpened(false)}
        onUploaded={() => {
          setUploadOpened(false);
          setPage(1);
        }}
      />
    </Page>
  );
}
