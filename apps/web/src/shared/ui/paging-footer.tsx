import { contactMessages } from '@mailhound/contracts';
import { Group, Pagination, Text } from '@mantine/core';

// 'Showing x-y of n results' under a paged table, the page buttons beside it.
export function PagingFooter({
  page,
  pages,
  total,
  perPage,
  onChange,
}: {
  page: number;
  pages: number;
  total: number;
  perPage: number;
  onChange: (page: number) => void;
}) {
  if (total === 0) return null;
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  return (
    <Group justify="space-between" component="nav" aria-label="Pages">
      <Text size="sm" c="dimmed">
        {contactMessages.showing(first, last, total)}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          getItemProps={(number) => ({ 'aria-label': `Page ${number}` })}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Group>
  );
}
