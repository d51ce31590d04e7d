import { type CustomerAnswer, contactMessages, PAGE_SIZE } from '@mailhound/contracts';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconChevronDown,
  IconColumns,
  IconCopy,
  IconNotes,
  IconPencil,
  IconPlus,
  IconTrash,
  IconUserMinus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { fitPageToAnswer } from '../../../shared/ui/fit-page-to-answer.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { PagingFooter } from '../../../shared/ui/paging-footer.tsx';
import { ActionsMenu } from '../../../shared/ui/row-actions-menu.tsx';
import { SearchKeyInput, useSearchedPage, useSearchKey } from '../../../shared/ui/search-key.tsx';
import { useListContactsSearch, useListExtended } from '../api/get-list-contacts.ts';
import { useRemoveListContacts } from '../api/remove-list-contacts.ts';
import { AddColumnModal } from './add-column-modal.tsx';
import { ContactFormModal } from './contact-form-modal.tsx';
import { ContactNotesDrawer } from './contact-notes-drawer.tsx';
import { CopyToListModal } from './copy-to-list-modal.tsx';
import { DeleteColumnModal } from './delete-column-modal.tsx';
import { DoNotEmailBadge, VerificationBadge } from './verification-badge.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; contact: CustomerAnswer } | null;

// product-spec §2: contact list detail at details/{id} — its contacts with the custom columns,
// a search inside the list, paging, contacts added by hand or edited, tags and notes, custom
// columns added or deleted, and selected contacts copied to another list. The selection is
// kept across pages and searches, as the count beside Copy to List says.
export function ContactListDetailsPage() {
  const groupId = useParams().requestId ?? '';
  const { text, setText, key } = useSearchKey();
  // One page in the address: the list's, or the search's while a key is searched (a new key,
  // or none, starts on page 1).
  const [page, setPage] = useSearchedPage(key);
  const [editing, setEditing] = useState<Editing>(null);
  const [addingColumn, setAddingColumn] = useState(false);
  const [notesFor, setNotesFor] = useState<CustomerAnswer | null>(null);
  const [deletingColumn, setDeletingColumn] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const removeContacts = useRemoveListContacts();

  const extended = useListExtended(groupId, key === '' ? page : 1);
  const search = useListContactsSearch(groupId, key, page);
  fitPageToAnswer(page, setPage, key === '' ? extended : search);
  const columns = extended.data?.columns ?? [];
  const shown = key === '' ? extended.data : search.data;
  const listName = extended.data?.group.name;
  const shownIds = shown?.customers.map((contact) => contact.id) ?? [];
  const shownSelected = shownIds.filter((id) => selected.has(String(id))).length;
  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const id of ids) {
        if (on) next.set(String(id), id);
        else next.delete(String(id));
      }
      return next;
    });

  return (
    <Page title="Contacts">
      <Anchor component={Link} to="/contacts" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Contact lists
        </Group>
      </Anchor>
      {listName !== undefined && (
        <Title order={2} size="h3">
          {listName}
        </Title>
      )}
      {extended.isPending ? (
        <PageLoader />
      ) : extended.isError ? (
        <Text c="red">{extended.error.message}</Text>
      ) : (
        <Stack gap="md">
          <Group justify="space-between">
            <SearchKeyInput label="Search contacts" value={text} onChange={setText} />
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconColumns size={16} />}
                onClick={() => setAddingColumn(true)}
              >
                Add Column
              </Button>
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setEditing({ mode: 'add' })}
              >
                Add Contact
              </Button>
            </Group>
          </Group>
          {selected.size > 0 && (
            <Paper withBorder px="md" py="xs" radius="md" aria-label="Selection">
              <Group justify="space-between">
                <Text size="sm">
                  {selected.size} contact{selected.size === 1 ? '' : 's'} selected
                </Text>
                <Group gap="sm">
                  <Button variant="subtle" size="xs" onClick={() => setSelected(new Map())}>
                    Clear Selection
                  </Button>
                  <Button
                    size="xs"
                    leftSection={<IconCopy size={14} />}
                    onClick={() => setCopying(true)}
                  >
                    Copy to List
                  </Button>
                </Group>
              </Group>
            </Paper>
          )}
          {shown === undefined ? (
            <PageLoader />
          ) : shown.total_count === 0 ? (
            <Paper withBorder p="xl" radius="md">
              <Text ta="center">
                {key === '' ? 'This list has no contacts yet.' : contactMessages.noResults}
              </Text>
            </Paper>
          ) : (
            <>
              <Table.ScrollContainer minWidth={640}>
                <Table aria-label="Contacts" striped highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={40}>
                        <Checkbox
                          aria-label="Select all contacts on this page"
                          checked={shownIds.length > 0 && shownSelected === shownIds.length}
                          indeterminate={shownSelected > 0 && shownSelected < shownIds.length}
                          onChange={(event) => select(shownIds, event.currentTarget.checked)}
                        />
                      </Table.Th>
                      <Table.Th>Email</Table.Th>
                      <Table.Th>Verification</Table.Th>
                      <Table.Th>First Name</Table.Th>
                      <Table.Th>Last Name</Table.Th>
                      {columns.map((column) => (
                        <Table.Th key={column}>
                          <Group gap={4} wrap="nowrap">
                            {column}
                            <Menu position="bottom-start" withinPortal hideDetached={false}>
                              <Menu.Target>
                                <ActionIcon
                                  variant="subtle"
                                  size="sm"
                                  color="gray"
                                  aria-label={`Column options for ${column}`}
                                >
                                  <IconChevronDown size={14} />
                                </ActionIcon>
                              </Menu.Target>
                              <Menu.Dropdown>
                                <Menu.Item
                                  color="red"
                                  leftSection={<IconTrash size={16} />}
                                  onClick={() => setDeletingColumn(column)}
                                >
                                  Delete Column
                                </Menu.Item>
                              </Menu.Dropdown>
                            </Menu>
                          </Group>
                        </Table.Th>
                      ))}
                      <Table.Th>Tags</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.customers.map((contact) => (
                      <Table.Tr
                        key={String(contact.id)}
                        bg={
                          selected.has(String(contact.id))
                            ? 'var(--mantine-primary-color-light)'
                            : undefined
                        }
                      >
                        <Table.Td>
                          <Checkbox
                            aria-label={`Select ${contact.email}`}
                            checked={selected.has(String(contact.id))}
                            onChange={(event) => select([contact.id], event.currentTarget.checked)}
                          />
                        </Table.Td>
                        <Table.Td>{contact.email}</Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            {contact.verification && (
                              <VerificationBadge verification={contact.verification} />
                            )}
                            {contact.suppressed && <DoNotEmailBadge />}
                          </Group>
                          {contact.skipped !== null && (
                            <Text size="xs" c="red.9" mt={4}>
                              {contact.skipped}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>{contact.fname}</Table.Td>
                        <Table.Td>{contact.lname}</Table.Td>
                        {columns.map((column) => (
                          <Table.Td key={column}>
                            {contact.additional_fields[column] ?? ''}
                          </Table.Td>
                        ))}
                        <Table.Td>
                          <Group gap={4}>
                            {contact.tags.map((tag) => (
                              <Badge key={tag} variant="light" size="sm">
                                {tag}
                              </Badge>
                            ))}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <ActionsMenu name={contact.email}>
                            <Menu.Item
                              leftSection={<IconPencil size={16} />}
                              onClick={() => setEditing({ mode: 'edit', contact })}
                            >
                              Edit
                            </Menu.Item>
                            <Menu.Item
                              leftSection={<IconNotes size={16} />}
                              onClick={() => setNotesFor(contact)}
                            >
                              Tags and Notes
                            </Menu.Item>
                            <Menu.Item
                              color="red"
                              leftSection={<IconUserMinus size={16} />}
                              onClick={() => {
                                select([contact.id], false);
                                removeContacts.mutate({ groupId, customerIds: [contact.id] });
                              }}
                            >
                              Remove from List
                            </Menu.Item>
                          </ActionsMenu>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <PagingFooter
                page={shown.page}
                pages={shown.pages}
                total={shown.total_count}
                perPage={shown.per_page || PAGE_SIZE}
                onChange={setPage}
              />
            </>
          )}
        </Stack>
      )}
      <ContactFormModal
        groupId={groupId}
        columns={columns}
        editing={editing}
        onClose={() => setEditing(null)}
      />
      <AddColumnModal opened={addingColumn} onClose={() => setAddingColumn(false)} />
      <DeleteColumnModal column={deletingColumn} onClose={() => setDeletingColumn(null)} />
      <CopyToListModal
        sourceGroupId={groupId}
        customerIds={[...selected.values()]}
        opened={copying}
        onClose={() => setCopying(false)}
        onCopied={() => setSelected(new Map())}
      />
      <ContactNotesDrawer contact={notesFor} onClose={() => setNotesFor(null)} />
    </Page>
  );
}
