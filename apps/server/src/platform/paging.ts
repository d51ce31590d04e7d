import { PAGE_SIZE, PAGE_SIZE_MAX } from '@mailhound/contracts';
import { z } from 'zod';

// Mail service pages: `page` is 1-based, `count` rows per page (api-spec §7 "Contacts (mail
// service API)").
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  count: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const sortOrderSchema = z.enum(['asc', 'desc']);

export function pageFields(query: PageQuery, total: number) {
  return {
    page: query.page,
    pages: Math.ceil(total / query.count),
    per_page: query.count,
    total_count: total,
  };
}

export function offsetOf(query: PageQuery): number {
  return (query.page - 1) * query.count;
}

// A user's search key inside ILIKE: %, _ and \ match themselves.
export function containsPattern(key: string): string {
  return `%${key.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Ids are UUIDs; anything else names nothing the caller owns.
export function isId(value: string): boolean {
  return uuidPattern.test(value);
}

export function isoDate(value: Date | string): string {
  return new Date(value).toISOString();
}
