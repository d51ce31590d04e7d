import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDeleteMailbox } from '../api/delete-mailbox.ts';
import type { Mailbox } from '../mailbox-schemas.ts';

export function DeleteMailboxModal({
  mailbox,
  onClose,
}: {
  mailbox: Mailbox | null;
  onClose: () => void;
}) {
  const remove = useDeleteMailbox();
  const confirm = async () => {
    if (mailbox === null) return;
    try {
      await remove.mutateAsync(String(mailbox.id));
      onClose();
    } catch (error) {
      notifications.show({
        message: errorMessage(error, 'Something went wrong, please try again later.'),
        color: 'red',
      });
    }
  };
  return (
    <Modal opened={mailbox !== null} onClose={onClose} title="Delete Mailbox" centered>
      <Stack>
        <Text>Are you sure you want to delete the mailbox {mailbox?.email}?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
