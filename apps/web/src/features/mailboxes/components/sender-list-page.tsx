import { contactMessages, type MailboxAnswer } from '@mailhound/contracts';
import {
  Badge,
  Button,
  Group,
  Menu,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAdjustments,
  IconPencil,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fitPageToAnswer } from '../../../shared/ui/fit-page-to-answer.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { ActionsMenu } from '../../../shared/ui/row-actions-menu.tsx';
import { SearchKeyInput, useSearchedPage, useSearchKey } from '../../../shared/ui/search-key.tsx';
import { useMailbox } from '../api/get-mailbox.ts';
import { useMailboxes } from '../api/get-mailboxes.ts';
import { DeleteMailboxModal } from './delete-mailbox-modal.tsx';
import { HealthBadge } from './health-badge.tsx';
import { type MailboxEditing, MailboxModal } from './mailbox-modal.tsx';
import { isRamping } from './ramp-status.tsx';
import { SendingLimitsModal } from './sending-limits-modal.tsx';
import { resumeLabel, SendingPausedBadge, useResumeSending } from './sending-paused.tsx';

// /sender-list?mailbox={id} (the Unibox's link to a mailbox in error) opens that mailbox's
// dialog once it is read; closing the dialog takes the id out of the address.
function useOpenFromAddress(setEditing: (editing: MailboxEditing) => void) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('mailbox');
  const mailbox = useMailbox(asked);
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (mailbox.data === undefined || opened.current === asked) return;
    opened.current = asked;
    setEditing({ mode: 'edit', mailbox: mailbox.data });
  }, [asked, mailbox.data, setEditing]);
  return () => {
    setEditing(null);
    if (asked === null) return;
    // Only the mailbox goes: the search and page the list keeps in the address stay.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('mailbox');
        return next;
      },
      { replace: true },
    );
  };
}

// product-spec §2 Sender List: the user's sending mailboxes, their connection status and
// sending limits, searched by e-mail, name or description.
export function SenderListPage() {
  const { text, setText, key } = useSearchKey();
  const [page, setPage] = useSearchedPage(key);
  const mailboxes = useMailboxes(page, key);
  fitPageToAnswer(page, setPage, mailboxes);
  const [editing, setEditing] = useState<MailboxEditing>(null);
  const closeEditing = useOpenFromAddress(setEditing);
  const [limitsFor, setLimitsFor] = useState<MailboxAnswer | null>(null);
  const [deleting, setDeleting] = useState<MailboxAnswer | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const resume = useResumeSending();
  const data = mailboxes.data;
  const showSearch = key !== '' || text !== '' || (data?.total_count ?? 0) > 0;

  return (
    <Page title="Sender List">
      <Group justify={showSearch ? 'space-between' : 'flex-end'}>
        {showSearch && <SearchKeyInput label="Search mailboxes" value={text} onChange={setText} />}
        <Button
          ref={addButton}
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing({ mode: 'add' })}
        >
          Add Mailbox
        </Button>
      </Group>
      {mailboxes.isPending ? (
        <PageLoader />
      ) : mailboxes.isError ? (
        <Text c="red">{mailboxes.error.message}</Text>
      ) : data === undefined || data.total_count === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" c="dimmed">
            {key === ''
              ? 'No mailboxes yet. Add the mailbox your campaigns will send from.'
              : contactMessages.noResults}
          </Text>
        </Paper>
      ) : (
        <Stack gap="md">
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label="Mailboxes" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Domain Health</Table.Th>
                  <Table.Th>Daily Limit</Table.Th>
                  <Table.Th>Gap (seconds)</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.mailboxes.map((mailbox) => (
                  <Table.Tr key={String(mailbox.id)}>
                    <Table.Td>{mailbox.name}</Table.Td>
                    <Table.Td>{mailbox.email}</Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <Badge
                          w="fit-content"
                          variant="light"
                          color={mailbox.status === 'active' ? 'green' : 'red'}
                        >
                          {mailbox.status === 'active' ? 'Active' : 'Error'}
                        </Badge>
                        {mailbox.sending_paused_reason !== null && (
                          <SendingPausedBadge reason={mailbox.sending_paused_reason} />
                        )}
                        {mailbox.status === 'error' && mailbox.status_message && (
                          <Text size="xs" c="red.9" style={{ whiteSpace: 'pre-line' }}>
                            {mailbox.status_message}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <HealthBadge state={mailbox.health} />
                    </Table.Td>
                    <Table.Td>
                      {mailbox.emails_limit}
                      {isRamping(mailbox, new Date()) && (
                        <Text size="xs" c="dimmed">
                          ramping up
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {mailbox.min_email_gap}–{mailbox.max_email_gap}
                    </Table.Td>
                    <Table.Td>
                      <ActionsMenu name={mailbox.email}>
                        <Menu.Item
                          leftSection={<IconPencil size={16} />}
                          onClick={() => setEditing({ mode: 'edit', mailbox })}
                        >
                          Edit
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconAdjustments size={16} />}
                          onClick={() => setLimitsFor(mailbox)}
                        >
                          Sending Limits
                        </Menu.Item>
                        {mailbox.sending_paused_reason !== null && (
                          <Menu.Item
                            leftSection={<IconPlayerPlay size={16} />}
                            disabled={resume.pending}
                            onClick={() => resume.run(mailbox)}
                          >
                            {resumeLabel}
                          </Menu.Item>
                        )}
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={16} />}
                          onClick={() => setDeleting(mailbox)}
                        >
                          Delete
                        </Menu.Item>
                      </ActionsMenu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" component="nav" aria-label="Pages">
            <Text size="sm" c="dimmed">
              {contactMessages.showing(
                (data.page - 1) * data.per_page + 1,
                Math.min(data.page * data.per_page, data.total_count),
                data.total_count,
              )}
            </Text>
            {data.pages > 1 && (
              <Pagination
                total={data.pages}
                value={data.page}
                onChange={setPage}
                getItemProps={(number) => ({ 'aria-label': `Page ${number}` })}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            )}
          </Group>
        </Stack>
      )}
      <MailboxModal editing={editing} onClose={closeEditing} />
      <SendingLimitsModal mailbox={limitsFor} onClose={() => setLimitsFor(null)} />
      <DeleteMailboxModal
        mailbox={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => addButton.current?.focus()}
      />
    </Page>
  );
}
