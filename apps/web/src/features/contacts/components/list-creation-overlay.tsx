import { bulkMessages } from '@mailhound/contracts';
import { Loader, Overlay, Paper, Portal, Stack, Text } from '@mantine/core';

// product-spec §2 "Bulk preview": the overlay while contacts and the list are being created.
export function ListCreationOverlay({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  return (
    <Portal>
      <Overlay fixed center blur={2} zIndex={400}>
        <Paper p="xl" radius="md" shadow="md">
          <Stack align="center" gap="sm" role="status" aria-live="polite">
            <Loader />
            <Text fw={700} size="xl">
              {percent}%
            </Text>
            <Text>{bulkMessages.listCreationProgress}</Text>
          </Stack>
        </Paper>
      </Overlay>
    </Portal>
  );
}
