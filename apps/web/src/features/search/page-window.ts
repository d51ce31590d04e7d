import { PAGINATION_BUTTONS } from '@mailhound/contracts';

// The page numbers on the buttons (product-spec §2: 4 page buttons), keeping the current
// page second where it can be.
export function pageWindow(current: number, total: number, size = PAGINATION_BUTTONS): number[] {
  if (total <= 0) return [];
  const start = Math.max(1, Math.min(current - 1, total - size + 1));
  const end = Math.min(total, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}
