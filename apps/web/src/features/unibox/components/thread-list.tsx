import type { ThreadPage, ThreadSummary } from '@mailhound/contracts';
import { Box, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatInboxDate } from '../../../shared/ui/dates.ts';
import { PagingFooter } from '../../../shared/ui/paging-footer.tsx';
import { uniboxTexts } from '../unibox-messages.ts';
import { ThreadStatusBadge } from './thread-status-badge.tsx';

export function ThreadList({
  page,
  filtered,
  selectedId,
  onOpen,
  onPage,
}: {
  page: ThreadPage;
  filtered: boolean;
  selectedId: string | null;
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
}) {
  if (page.total_count === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed" ta="center">
          {filtered ? uniboxTexts.noMatches : uniboxTexts.emptyInbox}
        </Text>
      </Paper>
    );
  }
  const now = new Date();
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md">
        <Stack component="ul" aria-label="Conversations" gap={0} m={0} p={0}>
          {page.threads.map((thread) => (
            <ThreadRow
              key={thread.id}
              thread={thread}
              now={now}
              selected={thread.id === selectedId}
              onOpen={() => onOpen(thread.id)}
            />
          ))}
        </Stack>
      </Paper>
      <PagingFooter
        page={page.page}
        pages={page.pages}
        total={page.total_count}
        perPage={page.per_page}
        onChange={onPage}
      />
    </Stack>
  );
}

function ThreadRow({
  thread,
  now,
  selected,
  onOpen,
}: {
  thread: ThreadSummary;
  now: Date;
  selected: boolean;
  onOpen: () => void;
}) {
  const weight = thread.unread ? 700 : 400;
  const lead = thread.lead.name === '' ? thread.lead.email : thread.lead.name;
  return (
    <Box
      component="li"
      aria-label={`${lead}: ${thread.subject}`}
      style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <UnstyledButton onClick={onOpen} aria-current={selected ? 'true' : undefined} p="sm" w="100%">
        <Stack gap={2}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={weight} truncate>
              {thread.unread && <VisuallyHidden>Unread </VisuallyHidden>}
              {lead}
              {thread.lead.name !== '' && (
                <Text span size="xs" c="dimmed" fw={400}>
                  {' '}
                  {thread.lead.email}
                </Text>
              )}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatInboxDate(thread.last_message_at, now)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={weight} truncate>
              {thread.subject}
            </Text>
            <ThreadStatusBadge status={thread.status} />
          </Group>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {thread.snippet}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {[thread.campaign?.name, thread.mailbox?.email].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      </UnstyledButton>
    </Box>
  );
}
