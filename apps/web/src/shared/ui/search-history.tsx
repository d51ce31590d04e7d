import { Button, Center, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from './page-loader.tsx';

// The history pages of the upload searches (bulk, look-alike): the page lives in the address,
// so a preview's back arrow returns to it, and a page past the end (an old address, fewer
// searches since) turns to the last page.

type HistoryPage<Item> = { items: Item[]; totalPages: number; totalItems: number };

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

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
