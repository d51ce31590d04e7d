// A failed call: the HTTP status and the server's `message` (auth-api.md error shape).
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

// The server's message for the listed statuses, otherwise the screen's fallback text.
export function errorMessage(error: unknown, fallback: string, statuses?: number[]): string {
  if (!(error instanceof ApiError) || error.message === '') return fallback;
  if (statuses !== undefined && !statuses.includes(error.status)) return fallback;
  return error.message;
}
