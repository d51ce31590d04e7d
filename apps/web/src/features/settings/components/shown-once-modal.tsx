import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
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
export function ShownOnceModal({
  secret,
  onClose,
}: {
  secret: ShownOnce | null;
  onClose: () => void;
}) {
  return (
    // Closed only by its button: a stray click or Escape would lose a secret shown once.
    <Modal
      opened={secret !== null}
      onClose={onClose}
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
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
