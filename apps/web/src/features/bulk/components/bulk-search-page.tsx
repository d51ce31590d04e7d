import {
  Anchor,
  Button,
  Center,
  Group,
  Pagination,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { marketingUrl } from '../../../shared/config.ts';
import { currentPath, withRedirectUrl } from '../../../shared/session/redirect-url.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { CreditsModal } from '../../../shared/ui/credits-modal.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useBulkHistory } from '../api/get-bulk-history.ts';
import { BulkHistoryTable } from './bulk-history-table.tsx';
import { UploadModal } from './upload-modal.tsx';

const tutorialVideoUrl = `${marketingUrl}/tutorials/bulk-search`;
const historyFailed = 'Your bulk search history could not be loaded.';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

// product-spec §2 "Bulk search": the history (10 per page) and the upload modal. The page
// lives in the query string, so the preview's back arrow can return to it (with skipVideo).
export function BulkSearchPage() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const skipVideo = searchParams.has('skipVideo');
  const history = useBulkHistory(page);
  const [uploadOpened, setUploadOpened] = useState(false);
  const [creditsOpened, setCreditsOpened] = useState(false);

  const setPage = (next: number) =>
    setSearchParams((params) => {
      params.set('page', String(next));
      return params;
    });

  // product-spec §6: a guest cannot use bulk search and is sent to sign up, coming back here.
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
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="sm">
            <Title order={2} size="h3">
              Upload your list
            </Title>
            <Text c="dimmed" ta="center">
              Find and verify the business e-mails of every person in a CSV or XLSX file.
            </Text>
            <Button leftSection={<IconUpload size={16} />} onClick={openUpload}>
              Upload List Now
            </Button>
            {!skipVideo && (
              <Anchor href={tutorialVideoUrl} target="_blank" rel="noopener noreferrer" size="sm">
                Watch the tutorial video
              </Anchor>
            )}
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
          <BulkHistoryTable items={items} page={page} />
          {(history.data?.totalPages ?? 0) > 1 && (
            <Center component="nav" aria-label="Bulk history pages">
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
      <UploadModal
        opened={uploadOpened}
        onClose={() => setUploadOpened(false)}
        onUploaded={() => {
          setUploadOpened(false);
          setPage(1);
        }}
        onNotEnoughCredits={() => {
          setUploadOpened(false);
          setCreditsOpened(true);
        }}
      />
      {/* api-spec §8: the upload's 402 means not even the first result can be paid. */}
      <CreditsModal
        opened={creditsOpened}
        onClose={() => setCreditsOpened(false)}
        freePlan={false}
        needed={1}
      />
    </Page>
  );
}
