import { authMessages, notificationIds, TOAST_MS } from '@mailhound/contracts';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import { logout, readToken } from '../session/session-store.ts';
import { ApiError } from './api-error.ts';

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T> = {
  body?: unknown;
  query?: Record<string, QueryValue>;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
};

type ClientOptions = {
  baseUrl: string;
  authorization?: (token: string) => string;
  credentials?: RequestCredentials;
  // api-spec §4: a 401 logs out, except on the calls where 401 means "wrong input".
  unauthorizedExempt?: string[];
  logoutOnUnauthorized: boolean;
};

export function createClient(options: ClientOptions) {
  function authorizationHeaders(): Record<string, string> {
    const token = readToken();
    if (token === null || !options.authorization) return {};
    return { Authorization: options.authorization(token) };
  }

  // The error for a refused answer, applying the 401 rule on the way.
  async function failure(path: string, response: Response): Promise<ApiError> {
    const payload = await readPayload(response);
    if (
      response.status === 401 &&
      options.logoutOnUnauthorized &&
      !options.unauthorizedExempt?.includes(path)
    ) {
      endSession();
    }
    return new ApiError(response.status, serverMessage(payload) ?? response.statusText, payload);
  }

  function send(method: string, path: string, init: RequestOptions<unknown>) {
    const headers = new Headers({ Accept: 'application/json', ...authorizationHeaders() });
    let body: string | undefined;
    if (init.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.body);
    }
    return fetch(`${options.baseUrl}${path}${toSearch(init.query)}`, {
      method,
      headers,
      body,
      credentials: options.credentials,
      signal: init.signal,
    });
  }

  async function request<T>(method: string, path: string, init: RequestOptions<T> = {}) {
    const sentToken = readToken();
    let response = await send(method, path, init);
    // A call that left with a token replaced meanwhile (a password change answers a fresh one
    // and revokes the old) is asked again with the new token instead of ending the session.
    // A 401 comes from the auth check, before the server acts, so asking again is safe.
    const currentToken = readToken();
    if (
      response.status === 401 &&
      options.authorization &&
      currentToken !== null &&
      currentToken !== sentToken
    ) {
      response = await send(method, path, init);
    }
    if (!response.ok) throw await failure(path, response);
    const payload = await readPayload(response);
    return (init.schema ? init.schema.parse(payload) : payload) as T;
  }

  return {
    baseUrl: options.baseUrl,
    // Calls made outside `request` (event streams) share its header and its 401 rule.
    authorizationHeaders,
    failure,
    request,
    get: <T>(path: string, init?: RequestOptions<T>) => request<T>('GET', path, init),
    post: <T>(path: string, init?: RequestOptions<T>) => request<T>('POST', path, init),
    patch: <T>(path: string, init?: RequestOptions<T>) => request<T>('PATCH', path, init),
    delete: <T>(path: string, init?: RequestOptions<T>) => request<T>('DELETE', path, init),
  };
}

function endSession(): void {
  // The fixed id keeps a burst of 401s from stacking notifications.
  notifications.show({
    id: notificationIds.authorization,
    message: authMessages.sessionExpired,
    color: 'red',
    autoClose: TOAST_MS,
  });
  logout({ redirect: true, returnHere: true });
}

function toSearch(query: Record<string, QueryValue> | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function serverMessage(payload: unknown): string | undefined {
  if (typeof payload === 'object' && payload !== null && 'message' in payload) {
    const { message } = payload;
    if (typeof message === 'string') return message;
  }
  return undefined;
}
