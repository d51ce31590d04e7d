import { creditsShortAnswerSchema } from '@mailhound/contracts';

// A failed call: the HTTP status and the server's `message` (api-spec §8 "the error catalogue"),
// with the whole answer for the refusals that say more (a 402's `needed`).
export class ApiError extends Error {
  readonly status: number;
  readonly payload: unknown;

  constructor(status: number, message: string, payload?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.payload = payload;
  }
}

// The credits a 402 says are missing (a bulk upload, look-alike Find Emails), when it says.
export function creditsMissing(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 402) return undefined;
  const answer = creditsShortAnswerSchema.safeParse(error.payload);
  return answer.success ? answer.data.needed : undefined;
}

// The server's message for the listed statuses, otherwise the screen's fallback text.
export function errorMessage(error: unknown, fallback: string, statuses?: number[]): string {
  if (!(error instanceof ApiError) || error.message === '') return fallback;
  if (statuses !== undefined && !statuses.includes(error.status)) return fallback;
  return error.message;
}
