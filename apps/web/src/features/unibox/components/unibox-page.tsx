import { Grid, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { fitPageToAnswer } from '../../../shared/ui/fit-page-to-answer.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { PausedCampaignsNotice } from '../../campaigns/index.ts';
import { useThreads } from '../api/get-threads.ts';
import { unreadCountKey } from '../api/get-unread-count.ts';
import {
  changeFilters,
  hasFilters,
  readFilters,
  threadParam,
  threadsQuery,
  type UniboxFilters,
} from '../unibox-filters.ts';
import { uniboxTexts } from '../unibox-messages.ts';
import { ThreadFilters } from './thread-filters.tsx';
import { ThreadList } from './thread-list.tsx';
import { ThreadView } from './thread-view.tsx';

// The Unibox: every conversation of every mailbox on the left, the open one on the right.
// Filters, page and open thread live in the query string.
export function UniboxPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const threads = useThreads(threadsQuery(filters));
  const openId = params.get(threadParam);
  const queryClient = useQueryClient();
  const unreadCount = threads.data?.unread_count;
  const pages = threads.data?.pages;
  const isPlaceholderData = threads.isPlaceholderData;

  // Each page brings the inbox's unread count: the sidebar badge follows without asking.
  useEffect(() => {
    if (unreadCount !== undefined) queryClient.setQueryData(unreadCountKey, unreadCount);
  }, [queryClient, unreadCount]);

  // A page past the end (a link, or fewer threads since) moves to the last page with threads.
  // The URL replaces the old one, so Back does not return to the empty page.
  useEffect(() => {
    fitPageToAnswer(
      filters.page,
      (page) => setParams((current) => changeFilters(current, { page }), { replace: true }),
      { data: pages === undefined ? undefined : { pages }, isPlaceholderData },
    );
  }, [filters.page, pages, isPlaceholderData, setParams]);

  const change = (update: Partial<UniboxFilters>) =>
    setParams((current) => changeFilters(current, update));
  const open = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete(threadParam);
      else next.set(threadParam, id);
      return next;
    });

  return (
    <Page title="Unibox">
      <ThreadFilters filters={filters} onChange={change} />
      <PausedCampaignsNotice />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          {threads.isPending ? (
            <PageLoader />
          ) : threads.isError ? (
            <Text c="red">{threads.error.message}</Text>
          ) : (
            <ThreadList
              page={threads.data}
              filtered={hasFilters(filters)}
              selectedId={openId}
              onOpen={open}
              onPage={(page) => change({ page })}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {openId === null ? (
            <Paper withBorder p="xl" radius="md">
              <Stack align="center">
                <Text c="dimmed">{uniboxTexts.pickThread}</Text>
              </Stack>
            </Paper>
          ) : (
            <ThreadView key={openId} id={openId} onClose={() => open(null)} />
          )}
        </Grid.Col>
      </Grid>
    </Page>
  );
}
