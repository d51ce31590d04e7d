import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import {
  Badge,
  type CSSVariablesResolver,
  createTheme,
  type DrawerProps,
  MantineProvider,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { ApiError } from '../shared/api/api-error.ts';

// WCAG 2 AA asks 4.5:1 for text. Mantine's shade 6 gives white button text 3.6:1 on blue and
// 3.3:1 on red; shade 8 passes. autoContrast writes black on the fills where black reads better
// (shade 8 of cyan, teal, green, lime, yellow, orange: a luminance above 0.19).
// The close cross is an icon: screen readers and keyboard users need its name. Written as
// plain default props, not `Modal.extend(...)`, which would put the code of Modal, Drawer and
// Notification into the first page although no first screen opens one.
const namedClose = {
  defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<
    ModalProps & DrawerProps & NotificationProps
  >,
};

const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: 0.19,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    Modal: namedClose,
    Drawer: namedClose,
    Notification: namedClose,
    // Badges read as written (the spec's 'Paid', 'Slicing', a user's own tags), not in
    // Mantine's default capitals.
    Badge: Badge.extend({ defaultProps: { tt: 'none' } }),
  },
});

// Light variants (badges, alerts) write shade 9 on shade 1: under 4.5:1 for these colours
// (yellow 2.7:1, green 3.8:1), so their text is darkened.
const darkenedLightColors = ['green', 'lime', 'teal', 'yellow', 'orange'];

// Mantine's dimmed gray.6 is 3.3:1 on white; this gray keeps 4.5:1 on white and on blue.1
// (a selected row).
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c6670',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    ...Object.fromEntries(
      darkenedLightColors.map((color) => [
        `--mantine-color-${color}-light-color`,
        `color-mix(in srgb, var(--mantine-color-${color}-9), black 30%)`,
      ]),
    ),
  },
  dark: {},
});

// The toasts' code loads after the first screen (a toast shown before it is in is kept by
// Mantine's store and appears once it is). A file of our own is imported, not the package,
// whose whole index would then stay in the first page.
const Toasts = lazy(() => import('./toasts.tsx').then((module) => ({ default: module.Toasts })));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change by asking again.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
