import { PAGE_SIZE } from '@mailhound/contracts';
import { Group, Pagination, Text } from '@mantine/core';
import { useEffect } from 'react';

// Result tables are 10 rows a page; the text counts what the whole search found.
export function ResultsPagination({
  page,
  totalPages,
  totalItems,
  onChange,
}: {
  page: number;
  totalPages: number;
  totalItems: number;
  onChange: (page: number) => void;
}) {
  // A page past the end (an old address, fewer results since) turns to the last page.
  const pastTheEnd = totalPages > 0 && page > totalPages;
  useEffect(() => {
    if (pastTheEnd) onChange(totalPages);
  }, [pastTheEnd, totalPages, onChange]);

  if (totalItems === 0 || pastTheEnd) return null;
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, totalItems);
  return (
    <Group justify="space-between" component="nav" aria-label="Result pages">
      <Text size="sm" c="dimmed">
        Showing {first}-{last} of {totalItems.toLocaleString('en-US')} results
      </Text>
      {totalPages > 1 && (
        <Pagination
          total={totalPages}
          value={page}
          onChange={onChange}
          getItemProps={(number) => ({ 'aria-label': `Page ${number}` })}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Group>
  );
}
