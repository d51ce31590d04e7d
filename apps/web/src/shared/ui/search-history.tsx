import {
  Button,
  Center,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from './page-loader.tsx';
import { pageFrom } from './search-key.tsx';

// The history pages of the upload searches (bulk, look-alike): the page lives in the address,
// so a preview's back arrow returns to it, and a page past the end (an old address, fewer
// searches since) turns to the last page.

type HistoryPage<Item> = { items: Item[]; totalPages: number; totalItems: number };

export function useHistoryPage<Item>(
  useHistory: (page: number) => UseQueryResult<HistoryPage<Item>>,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const history = useHistory(page);

  const setPage = (next: number, options?: { replace: boolean }) =>
    setSearchParams((params) => {
      params.set('page', String(next));
      return params;
    }, options);

  const lastPage = history.data?.totalPages ?? 0;
  const pastTheEnd = history.isSuccess && lastPage > 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, { replace: true });
  });

  return { page, setPage, history, searchParams };
}

// The empty state: what the search does and the upload button.
export function UploadEmptyState(props: {
  text: string;
  onUpload: () => void;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm">
        <Title order={2} size="h3">
          Upload your list
        </Title>
        <Text c="dimmed" ta="center">
          {props.text}
        </Text>
        <Button leftSection={<IconUpload size={16} />} onClick={props.onUpload}>
          Upload List Now
        </Button>
        {props.children}
      </Stack>
    </Paper>
  );
}

// One page of the history with its pagination, or its loader or error.
export function HistoryPages<Item>(props: {
  history: UseQueryResult<HistoryPage<Item>>;
  page: number;
  onPage: (page: number) => void;
  label: string;
  failed: string;
  table: (items: Item[]) => ReactNode;
}) {
  const { history } = props;
  const items = history.data?.items ?? [];
  if (history.isPending) return <PageLoader />;
  if (history.isError && items.length === 0) {
    return (
      <Text c="red" size="sm">
        {props.failed}
      </Text>
    );
  }
  const totalPages = history.data?.totalPages ?? 0;
  return (
    <Stack gap="sm">
      {props.table(items)}
      {totalPages > 1 && (
        <Center component="nav" aria-label={props.label}>
          <Pagination
            total={totalPages}
            value={props.page}
            onChange={props.onPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Center>
      )}
    </Stack>
  );
}

// The history table: file, status, result and the Preview button of each search.
export function HistoryTable(props: { label: string; resultHeader: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-label={props.label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>{props.resultHeader}</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{props.children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

// The preview's back arrow returns to the history page it was opened from.
export type PreviewState = { fromPage: number };

// Preview opens a finished search; before that the button is there but disabled.
export function PreviewButton(props: { to: string; fromPage: number; enabled: boolean }) {
  return (
    <Group justify="flex-end">
      {props.enabled ? (
        <Button
          component={Link}
          to={props.to}
          state={{ fromPage: props.fromPage } satisfies PreviewState}
          variant="light"
          size="xs"
        >
          Preview
        </Button>
      ) : (
        <Button variant="light" size="xs" disabled>
          Preview
        </Button>
      )}
    </Group>
  );
}

// The page a preview was opened from, 1 when the navigation state carries none.
export function fromPageOf(state: unknown): number {
  if (typeof state !== 'object' || state === null || !('fromPage' in state)) return 1;
  const { fromPage } = state;
  return typeof fromPage === 'number' && Number.isInteger(fromPage) && fromPage >= 1 ? fromPage : 1;
}
