import type { ContactList } from '@mailhound/contracts';
import { Anchor, Table, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { formatDay } from '../../../shared/ui/dates.ts';
import { RowActionsMenu } from '../../../shared/ui/row-actions-menu.tsx';
import { SortableTh } from '../../../shared/ui/sortable-th.tsx';
import type { SortOrder } from '../api/get-contact-lists.ts';

const sortLabel: Record<SortOrder, string> = { asc: 'A-Z', desc: 'Z-A' };

export function ContactListsTable({
  lists,
  order,
  onSort,
  onRename,
  onDelete,
}: {
  lists: ContactList[];
  order: SortOrder | null;
  onSort: () => void;
  onRename: (list: ContactList) => void;
  onDelete: (list: ContactList) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Contact lists" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <SortableTh label="Campaign" order={order} words={sortLabel} onSort={onSort} />
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
              <Table.Td>{formatDay(list.created)}</Table.Td>
              <Table.Td>
                <RowActionsMenu
                  name={list.name}
                  onRename={() => onRename(list)}
                  onDelete={() => onDelete(list)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
