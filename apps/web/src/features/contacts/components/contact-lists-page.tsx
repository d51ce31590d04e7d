import { type ContactList, contactMessages } from '@mailhound/contracts';
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
import { useContactLists } from '../api/get-contact-lists.ts';
import { ContactListsTable } from './contact-lists-table.tsx';
import { DeleteListModal } from './delete-list-modal.tsx';
import { RenameListModal } from './rename-list-modal.tsx';

const createLabel = 'Create New Contacts List';
const sortColumns = ['name'] as const;

// product-spec §2 "Contact lists". The create button leads to the name step next to this
// screen (/contacts/name, or the campaign's contacts/name inside a campaign).
export function ContactListsPage() {
  const { text, setText, key } = useSearchKey();
  const [page, setPage] = useSearchedPage(key);
  // The one sortable column, by name, kept in the address with the search and page.
  const [sort, setSort] = useSortParams(sortColumns);
  const order = sort?.order ?? null;
  const [renaming, setRenaming] = useState<ContactList | null>(null);
  const [deleting, setDeleting] = useState<ContactList | null>(null);
  const lists = useContactLists({ page, key, order });
  fitPageToAnswer(page, setPage, lists);
  const total = lists.data?.total_count ?? 0;
  // The search box shows only once lists exist; it stays while a search finds nothing.
  const showSearch = key !== '' || text !== '' || total > 0;

  return (
    <Page title="Contacts">
      <Group justify="space-between">
        {showSearch ? (
          <SearchKeyInput label="Search contact lists" value={text} onChange={setText} />
        ) : (
          <span />
        )}
        {total > 0 && (
          <Button component={Link} to="name" leftSection={<IconPlus size={16} />}>
            {createLabel}
          </Button>
        )}
      </Group>
      {lists.isPending ? (
        <PageLoader />
      ) : lists.isError ? (
        <Text c="red">{lists.error.message}</Text>
      ) : total === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="md">
            {key !== '' ? (
              <Text>{contactMessages.noResults}</Text>
            ) : (
              <>
                <Text c="dimmed">You have no contact lists yet.</Text>
                <Button component={Link} to="name" leftSection={<IconPlus size={16} />}>
                  {createLabel}
                </Button>
              </>
            )}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          <ContactListsTable
            lists={lists.data.groups}
            order={order}
            onSort={() => setSort({ column: 'name', order: order === 'asc' ? 'desc' : 'asc' })}
            onRename={setRenaming}
            onDelete={setDeleting}
          />
          <PagingFooter
            page={lists.data.page}
            pages={lists.data.pages}
            total={total}
            perPage={lists.data.per_page}
            onChange={setPage}
          />
        </Stack>
      )}
      <RenameListModal list={renaming} onClose={() => setRenaming(null)} />
      <DeleteListModal list={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}
