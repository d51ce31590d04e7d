import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';

type Order = 'asc' | 'desc';

// A column header that sorts its table: the arrow shows the order, the button's name says it
// ("Name, sorted A-Z"), and aria-sort tells assistive technology.
export function SortableTh({
  label,
  order,
  words,
  onSort,
}: {
  label: string;
  order: Order | null;
  // How each order reads for this column, e.g. { asc: 'A-Z', desc: 'Z-A' }.
  words: Record<Order, string>;
  onSort: () => void;
}) {
  return (
    <Table.Th aria-sort={order === null ? 'none' : order === 'asc' ? 'ascending' : 'descending'}>
      <UnstyledButton
        onClick={onSort}
        aria-label={
          order === null ? `${label}, sort ${words.asc}` : `${label}, sorted ${words[order]}`
        }
      >
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {label}
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
  );
}
