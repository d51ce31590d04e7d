import { type CampaignAnswer, contactMessages } from '@mailhound/contracts';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { fitPageToAnswer } from '../../../shared/ui/fit-page-to-answer.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { PagingFooter } from '../../../shared/ui/paging-footer.tsx';
import {
  SearchKeyInput,
  useSearchedPage,
  useSearchKey,
  useSortParams,
} from '../../../shared/ui/search-key.tsx';
import { type CampaignSort, type CampaignSortColumn, useCampaigns } from '../api/get-campaigns.ts';
import { CampaignsTable } from './campaigns-table.tsx';
import { DeleteCampaignModal } from './delete-campaign-modal.tsx';
import { RenameCampaignModal } from './rename-campaign-modal.tsx';

const newLabel = 'New Campaign';
const sortColumns: readonly CampaignSortColumn[] = ['name', 'status', 'created'];

// A header click sorts by it ascending (A-Z, active first, oldest first), a second click
// reverses.
function nextSort(current: CampaignSort | null, column: CampaignSortColumn): CampaignSort {
  if (current?.column === column) {
    return { column, order: current.order === 'asc' ? 'desc' : 'asc' };
  }
  return { column, order: 'asc' };
}

// The campaigns list: 10 a page, sortable by name, status and creation date, search, rename,
// delete.
export function CampaignsPage() {
  const { text, setText, key } = useSearchKey();
  const [page, setPage] = useSearchedPage(key);
  const [sort, setSort] = useSortParams(sortColumns);
  const [renaming, setRenaming] = useState<CampaignAnswer | null>(null);
  const [deleting, setDeleting] = useState<CampaignAnswer | null>(null);
  const campaigns = useCampaigns({ page, key, sort });
  fitPageToAnswer(page, setPage, campaigns);
  const total = campaigns.data?.total_count ?? 0;
  const showSearch = key !== '' || text !== '' || total > 0;

  return (
    <Page title="Campaigns">
      <Group justify="space-between">
        {showSearch ? (
          <SearchKeyInput label="Search campaigns" value={text} onChange={setText} />
        ) : (
          <span />
        )}
        {total > 0 && (
          <Button component={Link} to="campaign-name" leftSection={<IconPlus size={16} />}>
            {newLabel}
          </Button>
        )}
      </Group>
      {campaigns.isPending ? (
        <PageLoader />
      ) : campaigns.isError ? (
        <Text c="red">{campaigns.error.message}</Text>
      ) : total === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="md">
            {key !== '' ? (
              <Text>{contactMessages.noResults}</Text>
            ) : (
              <>
                <Text c="dimmed">You have no campaigns yet.</Text>
                <Button component={Link} to="campaign-name" leftSection={<IconPlus size={16} />}>
                  {newLabel}
                </Button>
              </>
            )}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          <CampaignsTable
            campaigns={campaigns.data.campaigns}
            sort={sort}
            onSort={(column) => setSort(nextSort(sort, column))}
            onRename={setRenaming}
            onDelete={setDeleting}
          />
          <PagingFooter
            page={campaigns.data.page}
            pages={campaigns.data.pages}
            total={total}
            perPage={campaigns.data.per_page}
            onChange={setPage}
          />
        </Stack>
      )}
      <RenameCampaignModal campaign={renaming} onClose={() => setRenaming(null)} />
      <DeleteCampaignModal campaign={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}
