import { bulkMessages, contactMessages } from '@mailhound/contracts';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useDeleteCustomColumn } from '../api/delete-custom-column.ts';
import { contactListsKey } from '../api/get-contact-lists.ts';
import { useCustomColumns } from '../api/get-custom-columns.ts';

// A custom column belongs to the user, not to one list: the confirmation says that its values
// go for every contact of every list (the server deletes them with the column).
export function DeleteColumnModal({
  column,
  onClose,
}: {
  column: string | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={column !== null} onClose={onClose} title="Delete Column" centered>
      {column !== null && <DeleteColumnConfirm column={column} onClose={onClose} />}
    </Modal>
  );
}

function DeleteColumnConfirm({ column, onClose }: { column: string; onClose: () => void }) {
  const fields = useCustomColumns(true);
  const remove = useDeleteCustomColumn();
  const queryClient = useQueryClient();
  const [goneOnServer, setGoneOnServer] = useState(false);
  // Names are unique per user ignoring case; the extended view names the column as stored.
  const field = fields.data?.find((item) => item.name.toLowerCase() === column.toLowerCase());
  // A cached answer may predate a column added since: only a fresh answer says it is gone.
  const gone = goneOnServer || (fields.isSuccess && !fields.isFetching && field === undefined);

  const confirm = async () => {
    if (field === undefined) return;
    try {
      await remove.mutateAsync(field.id);
      notifications.show({ color: 'green', message: `The column "${column}" was deleted.` });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setGoneOnServer(true);
        return;
      }
      notifications.show({ message: bulkMessages.listCreationFailed, color: 'red' });
    }
  };

  if (fields.isPending || (field === undefined && !gone))
    return <Loader role="status" size="sm" aria-label="Loading columns" />;
  if (fields.isError) return <Text c="red">{fields.error.message}</Text>;
  if (gone) {
    return (
      <Stack>
        <Text>{contactMessages.columnGone}</Text>
        <Group justify="flex-end">
          <Button
            onClick={() => {
              void queryClient.invalidateQueries({ queryKey: contactListsKey });
              onClose();
            }}
          >
            OK
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <Text>{contactMessages.deleteColumnConfirm(column)}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" loading={remove.isPending} onClick={confirm}>
          Delete Column
        </Button>
      </Group>
    </Stack>
  );
}
