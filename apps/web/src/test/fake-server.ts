import { vi } from 'vitest';

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
};

export type FakeResponse = { status?: number; body?: unknown };
type Route = FakeResponse | ((request: FakeRequest) => FakeResponse | Promise<FakeResponse>);

// A stand-in for the server in component tests: answers keyed by "METHOD /path", a 404
// for anything else, and every request recorded.
export function createFakeServer(routes: Record<string, Route> = {}) {
  const table = new Map<string, Route>(
    Object.entries({
      'GET /api/person/emails-found': { body: { count: 0 } },
      'POST /api/events': { status: 204 },
      'GET /api/search-history/single': { body: null },
      ...routes,
    }),
  );
  const requests: FakeRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
      credentials: init.credentials,
    };
    requests.push(request);
    const route = table.get(`${method} ${url.pathname}`);
    const answer =
      route === undefined
        ? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not Found' } }
        : typeof route === 'function'
          ? await route(request)
          : route;
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    on(key: string, route: Route) {
      table.set(key, route);
    },
    // Holds the answers to `key` until the returned function is called, so that a test sees
    // the screen while it waits (a button that loads).
    hold(key: string) {
      const route = table.get(key);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      table.set(key, async (request) => {
        await held;
        return typeof route === 'function' ? route(request) : (route ?? { status: 404 });
      });
      return release;
    },
    requests,
    requestsTo(key: string) {
      return requests.filter((request) => `${request.method} ${request.path}` === key);
    },
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;

export function errorBody(statusCode: number, message: string) {
  return { status: statusCode, body: { statusCode, error: 'Error', message } };
}
