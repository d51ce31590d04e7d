import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { RefObject } from 'react';
import { CopyValueButton } from './copy-value-button.tsx';

export type ShownOnce = {
  title: string;
  message: string;
  label: string;
  copyLabel: string;
  value: string;
};

// A secret the server hands out once (an API key, a webhook's signing secret): shown here
// with a copy button until the user closes the dialog, then forgotten by the page.
// On close the focus goes back to the button that asked for the secret (WAI-ARIA dialog
// pattern): that button was loading, so disabled, when the dialog opened, and the browser had
// moved the focus off it, leaving Mantine's own return of focus nothing to go back to.
export function ShownOnceModal({
  secret,
  opener,
  onClose,
}: {
  secret: ShownOnce | null;
  opener: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const close = () => {
    opener.current?.focus();
    onClose();
  };
  return (
    // Closed only by its button: a stray click or Escape would lose a secret shown once.
    <Modal
      opened={secret !== null}
      onClose={close}
      returnFocus={false}
      title={secret?.title}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      {secret !== null && (
        <Stack>
          <Alert color="yellow">{secret.message}</Alert>
          <TextInput
            label={secret.label}
            value={secret.value}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'monospace' } }}
            rightSection={<CopyValueButton value={secret.value} label={secret.copyLabel} />}
          />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
