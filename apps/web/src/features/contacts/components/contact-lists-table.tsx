import {
  ActionIcon,
  Anchor,
  Group,
  Menu,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconDots,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SortOrder } from '../api/get-contact-lists.ts';
import type { ListGroup } from '../contact-schemas.ts';
import { formatListDate } from '../list-date.ts';

const sortLabel: Record<SortOrder, string> = { asc: 'A-Z', desc: 'Z-A' };

export function ContactListsTable({
  lists,
  order,
  onSort,
  onRename,
  onDelete,
}: {
  lists: ListGroup[];
  order: SortOrder | null;
  onSort: () => void;
  onRename: (list: ListGroup) => void;
  onDelete: (list: ListGroup) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Contact lists" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th
              aria-sort={order === null ? 'none' : order === 'asc' ? 'ascending' : 'descending'}
            >
              <UnstyledButton
                onClick={onSort}
                aria-label={
                  order === null ? 'Campaign, sort A-Z' : `Campaign, sorted ${sortLabel[order]}`
                }
              >
                <Group gap={4} wrap="nowrap">
                  <Text fw={700} size="sm">
                    Campaign
                  </Text>
                  {order === null ? (
                    <IconArrowsSort size={14} />
                  ) : order === 'asc' ? (
                    <IconArrowUp size={14} />
                  ) : (
                    <IconArrowDown size={14} />
                  )}
                </Group>
              </UnstyledButton>
            </Table.Th>
            <Table.Th>Contacts</Table.Th>
            <Table.Th>Creation Date</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lists.map((list) => (
            <Table.Tr key={String(list.id)}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/contacts/details/${encodeURIComponent(String(list.id))}`}
                >
                  {list.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{list.campaign_name ?? '—'}</Table.Td>
              <Table.Td>{list.customer_count}</Table.Td>
              <Table.Td>{formatListDate(list.created)}</Table.Td>
              <Table.Td>
                <Menu position="bottom-end" withinPortal hideDetached={false}>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`Actions for ${list.name}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconPencil size={16} />}
                      onClick={() => onRename(list)}
                    >
                      Rename
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => onDelete(list)}
                    >
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
