import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { TOAST_MS } from '@mailhound/contracts';
import { Badge, createTheme, Drawer, MantineProvider, Modal } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../shared/api/api-error.ts';

const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    // The close cross is an icon: screen readers and keyboard users need its name.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Badges read as written (the spec's 'Paid', 'Slicing', a user's own tags), not in
    // Mantine's default capitals.
    Badge: Badge.extend({ defaultProps: { tt: 'none' } }),
  },
});

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
    <MantineProvider theme={theme}>
      {/* api-spec §9: notifications default to 5000 ms, top-center. */}
      <Notifications position="top-center" autoClose={TOAST_MS} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
