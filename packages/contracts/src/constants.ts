// api-spec §9 business constants and limits.

export const TOAST_MS = 5000;
export const LINK_COPIED_TOAST_MS = 5000;
export const SURVEY_TOAST_MS = 2000;
export const RESET_LINK_SENT_TOAST_MS = 6000;

export const GUEST_ALLOWANCE = 2;
// A guest search counts against the allowance from this score on.
export const GUEST_COUNTED_SCORE = 75;
// The guest balance is computed from at most this many single searches.
export const GUEST_HISTORY_FETCH_LIMIT = 1000;
export const GUEST_ID_PREFIX = 'guest_';

// One credit per single search, charged only from VERIFIED_SCORE; up to FREE_SCORE_MAX is free.
export const CREDITS_PER_SEARCH = 1;
export const VERIFIED_SCORE = 95;
export const FREE_SCORE_MAX = 70;
export const SCORE_YELLOW_MIN = 50;

export const PAGE_SIZE = 10;
// The most rows one page of any list holds, whatever `perPage` or `count` asks.
export const PAGE_SIZE_MAX = 100;
export const CAMPAIGN_MAILBOX_PAGE = 1;
export const CAMPAIGN_MAILBOX_COUNT = 100;
export const PAGINATION_BUTTONS = 4;

export const CREDITS_PURCHASE = {
  default: 10,
  step: 10,
  min: 10,
  max: 9_999_999,
} as const;

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 600_000;
export const COOLDOWN_MS = 60_000;
export const CODE_MAX_ATTEMPTS = 5;

export const CHECKOUT_RETURN_DELAY_MS = 2000;

export const CONTACT_LIST_SEARCH_MIN_CHARS = 2;
export const CONTACT_LIST_SEARCH_DEBOUNCE_MS = 500;
export const LIST_NAME_MAX = 50;
// product-spec §5 "Search name": what the mail screens' search boxes take.
export const SEARCH_KEY_MAX = 30;
export const COLUMN_NAME_MAX = 20;
// The spec sets no number of custom columns: one contact import names at most this many besides
// email, fname and lname, and a user keeps at most CUSTOM_COLUMNS_MAX in all.
export const IMPORT_CUSTOM_COLUMNS_MAX = 50;
export const CUSTOM_COLUMNS_MAX = 200;
// POST /api/events (no login needed): an event's properties as JSON, in bytes.
export const EVENT_PROPERTIES_MAX_BYTES = 4096;

export const EMAILS_LIMIT_MAX = 50;
// The spec sets no number; Instantly's sequences and schedules are as bounded in practice.
export const CAMPAIGN_STEPS_MAX = 20;
export const CAMPAIGN_SCHEDULES_MAX = 10;
// A/B variants of one step (issue 25): A to D.
export const STEP_VARIANTS_MAX = 4;
export const SETTINGS_NUMBER_MAX_DIGITS = 4;

export const EMAILS_FOUND_MULTIPLIER = 10;

// Lead Finder: one Find Emails call takes at most this many leads.
export const FIND_EMAILS_MAX = 100;

export const SSE_RETRY_MS = 1000;

export const NOTE_MAX = 2000;

export const SURVEY_RATING = { min: 1, max: 5 } as const;

export const PLAN_DEFAULT = {
  name: 'Free',
  credits: 25,
  leadSearchCredits: 10,
  price: 0,
} as const;

export const TOKEN_TTL_DAYS = 7;

export const PROFILE_NAME_DISPLAY_MAX = 25;
export const FILE_NAME_TOOLTIP_MIN = 25;
export const BULK_PREVIEW_ROWS = 10;

export const storageKeys = {
  token: 'token',
  uid: 'uid',
  searchHistory: 'searchHistory',
  autoSearch: 'autoSearch',
  sidebar: 'sidebarOpened',
  resendCooldown: 'resendCodeStartedAt',
  resetCooldown: 'resetLinkStartedAt',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// api-spec §8: the tooltip shown beside each score the finder returns.
export const scoreTooltips = {
  99: 'Single exact match',
  95: 'Multiple exact matches or catch-all with known pattern',
  60: 'Single possible valid email',
  50: 'Multiple possible valid email or catch-all',
} as const;

export type TooltipScore = keyof typeof scoreTooltips;

// product-spec §3 Receipt: 'YYYY-MM-DD HH-MM-SS', a space between date and time, dashes in the time.
export const receiptDateFormat = 'YYYY-MM-DD HH-MM-SS';

export function formatReceiptDate(date: Date): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const time = `${pad(date.getUTCHours())}-${pad(date.getUTCMinutes())}-${pad(date.getUTCSeconds())}`;
  return `${day} ${time}`;
}
