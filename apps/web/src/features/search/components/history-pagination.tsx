import { Group, Pagination } from '@mantine/core';
import { pageWindow } from '../page-window.ts';

export function HistoryPagination({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <Pagination.Root total={totalPages} value={page} onChange={onChange}>
      <Group gap={5} justify="center" component="nav" aria-label="History pages">
        <Pagination.Previous aria-label="Previous page" />
        {pageWindow(page, totalPages).map((number) => (
          <Pagination.Control
            key={number}
            active={number === page}
            aria-current={number === page ? 'page' : undefined}
            onClick={() => onChange(number)}
          >
            {number}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label="Next page" />
      </Group>
    </Pagination.Root>
  );
}
