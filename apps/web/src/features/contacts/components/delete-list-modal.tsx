import { bulkMessages, type ContactList, contactMessages } from '@mailhound/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useDeleteContactList } from '../api/delete-contact-list.ts';

// product-spec §2: a confirmation, or the 'Active Campaign Detected' warning when an active
// campaign uses the list (the server answers 409 and deletes nothing).
export function DeleteListModal({
  list,
  onClose,
}: {
  list: ContactList | null;
  onClose: () => void;
}) {
  const remove = useDeleteContactList();
  const navigate = useNavigate();
  const [blocked, setBlocked] = useState(false);

  const close = () => {
    setBlocked(false);
    onClose();
  };

  const confirm = async () => {
    if (list === null) return;
    try {
      await remove.mutateAsync(String(list.id));
      close();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setBlocked(true);
        return;
      }
      notifications.show({ message: bulkMessages.listCreationFailed, color: 'red' });
    }
  };

  return (
    <Modal
      opened={list !== null}
      onClose={close}
      title={blocked ? contactMessages.activeCampaignDetected : 'Delete Contact List'}
      centered
    >
      {blocked ? (
        <Stack>
          <Text>
            An active campaign is sending to this list. Pause or finish the campaign before deleting
            the list.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => navigate('/campaigns')}>{contactMessages.checkCampaigns}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text>{contactMessages.deleteConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirm}>
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
