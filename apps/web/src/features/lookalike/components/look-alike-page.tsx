import { bulkMessages } from '@mailhound/contracts';
import { Button, Center, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useBalance } from '../../../shared/session/api/get-balance.ts';
import { currentPath, withRedirectUrl } from '../../../shared/session/redirect-url.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useLookalikeHistory } from '../api/get-lookalike-history.ts';
import { LookalikeHistoryTable } from './lookalike-history-table.tsx';
import { LookalikeUploadModal } from './lookalike-upload-modal.tsx';

const historyFailed = 'Your look-alike history could not be loaded.';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

// product-spec §2 "Look-alike": the searches left, the history (10 per page, the page in the
// address so the preview's back arrow returns to it) and the upload modal.
export function LookAlikePage() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const balance = useBalance();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const history = useLookalikeHistory(page);
  const [uploadOpened, setUploadOpened] = useState(false);

  const setPage = (next: number, options?: { replace: boolean }) =>
    setSearchParams((params) => {
      params.set('page', String(next));
      return params;
    }, options);

  // A page past the end (an old address, searches fewer since) turns to the last page.
  const lastPage = history.data?.totalPages ?? 0;
  const pastTheEnd = history.isSuccess && lastPage > 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, { replace: true });
  });

  // A guest clicking New goes to sign up, coming back here afterwards.
  const openUpload = () => {
    if (!isLoggedIn) {
      navigate(withRedirectUrl('/signup', currentPath(location)));
      return;
    }
    setUploadOpened(true);
  };

  const items = history.data?.items ?? [];
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
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="sm">
            <Title order={2} size="h3">
              Upload your list
            </Title>
            <Text c="dimmed" ta="center">
              Find out how many similar accounts we can find
            </Text>
            <Button leftSection={<IconUpload size={16} />} onClick={openUpload}>
              Upload List Now
            </Button>
          </Stack>
        </Paper>
      ) : history.isPending ? (
        <PageLoader />
      ) : history.isError && items.length === 0 ? (
        <Text c="red" size="sm">
          {historyFailed}
        </Text>
      ) : (
        <Stack gap="sm">
          <LookalikeHistoryTable items={items} page={page} />
          {(history.data?.totalPages ?? 0) > 1 && (
            <Center component="nav" aria-label="Look-alike history pages">
              <Pagination
                total={history.data?.totalPages ?? 0}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Center>
          )}
        </Stack>
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
