import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';

// The app loads each screen when it is first opened; tests load them all once up front, so
// that a test's time limits measure the screen, not the first import of its module. A screen
// whose module fails to load (route-error.test.tsx makes one fail) fails when it is opened.
function lazyScreens(list: RouteObject[]): (() => Promise<unknown>)[] {
  return list.flatMap((route) => [
    ...(typeof route.lazy === 'function' ? [route.lazy] : []),
    ...lazyScreens(route.children ?? []),
  ]);
}
await Promise.allSettled(lazyScreens(routes).map((load) => load()));

type Entry = string | { pathname: string; search?: string; state?: unknown };

// The whole app (routes, guards, layout) at one URL, as a user would open it.
export function renderApp(entry: Entry) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, queryClient, user, location };
}
