import { Button, Group, Modal, Stack, Text } from '@mantine/core';

// A destructive step (revoke a key, delete a webhook, take an entry off the do-not-email list)
// asked once more before it is taken.
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text style={{ wordBreak: 'break-word' }}>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
