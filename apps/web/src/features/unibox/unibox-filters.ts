import { type ThreadStatus, threadStatusSchema, UNIBOX_PAGE_SIZE } from '@mailhound/contracts';

// The Unibox keeps its filters, page and open thread in the query string, under the names the
// threads call uses (the server's unibox/routes.ts), so a reload or a shared link shows the same
// inbox.
export type UniboxFilters = {
  status: ThreadStatus | null;
  campaignId: string | null;
  mailboxId: string | null;
  unreadOnly: boolean;
  key: string;
  page: number;
};

export type ThreadsQuery = {
  page: number;
  count: number;
  status?: ThreadStatus;
  campaign_id?: string;
  mailbox_id?: string;
  unread?: 'true';
  key?: string;
};

const paramNames = {
  status: 'status',
  campaignId: 'campaign_id',
  mailboxId: 'mailbox_id',
  unreadOnly: 'unread',
  key: 'key',
  page: 'page',
} as const satisfies Record<keyof UniboxFilters, string>;

export const threadParam = 'thread';

function positivePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function readFilters(params: URLSearchParams): UniboxFilters {
  const status = threadStatusSchema.safeParse(params.get(paramNames.status));
  return {
    status: status.success ? status.data : null,
    campaignId: params.get(paramNames.campaignId) || null,
    mailboxId: params.get(paramNames.mailboxId) || null,
    unreadOnly: params.get(paramNames.unreadOnly) === 'true',
    key: params.get(paramNames.key)?.trim() ?? '',
    page: positivePage(params.get(paramNames.page)),
  };
}

export function threadsQuery(filters: UniboxFilters): ThreadsQuery {
  return {
    page: filters.page,
    count: UNIBOX_PAGE_SIZE,
    ...(filters.status !== null && { status: filters.status }),
    ...(filters.campaignId !== null && { campaign_id: filters.campaignId }),
    ...(filters.mailboxId !== null && { mailbox_id: filters.mailboxId }),
    ...(filters.unreadOnly && { unread: 'true' as const }),
    ...(filters.key !== '' && { key: filters.key }),
  };
}

// The query string after a change; any change of filter starts again on the first page. The
// open thread stays open.
export function changeFilters(
  params: URLSearchParams,
  change: Partial<UniboxFilters>,
): URLSearchParams {
  const next = { ...readFilters(params), ...(change.page === undefined && { page: 1 }), ...change };
  const result = new URLSearchParams();
  const values: Record<keyof UniboxFilters, string | null> = {
    status: next.status,
    campaignId: next.campaignId,
    mailboxId: next.mailboxId,
    unreadOnly: next.unreadOnly ? 'true' : null,
    key: next.key === '' ? null : next.key,
    page: next.page === 1 ? null : String(next.page),
  };
  for (const name of Object.keys(paramNames) as (keyof UniboxFilters)[]) {
    const value = values[name];
    if (value !== null) result.set(paramNames[name], value);
  }
  const thread = params.get(threadParam);
  if (thread !== null) result.set(threadParam, thread);
  return result;
}

export function hasFilters(filters: UniboxFilters): boolean {
  return (
    filters.status !== null ||
    filters.campaignId !== null ||
    filters.mailboxId !== null ||
    filters.unreadOnly ||
    filters.key !== ''
  );
}
