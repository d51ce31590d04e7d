import { zodResolver } from '@hookform/resolvers/zod';
import { bulkMessages, COLUMN_NAME_MAX, columnNameSchema } from '@mailhound/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useCreateCustomColumn } from '../api/create-custom-column.ts';

const columnFormSchema = z.object({ name: columnNameSchema });

// A custom column (additional field): name at most 20 characters (product-spec §5).
export function AddColumnModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add Column" centered>
      {opened && <AddColumnForm onClose={onClose} />}
    </Modal>
  );
}

function AddColumnForm({ onClose }: { onClose: () => void }) {
  const create = useCreateCustomColumn();
  const form = useForm({
    resolver: zodResolver(columnFormSchema),
    mode: 'onChange',
    defaultValues: { name: '' },
  });

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await create.mutateAsync(name);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status < 500 && error.message !== '') {
        form.setError('name', { message: error.message });
        return;
      }
      notifications.show({ message: bulkMessages.listCreationFailed, color: 'red' });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Add column">
      <Stack>
        <TextInput
          label="Column Name"
          data-autofocus
          description={`${form.watch('name').length}/${COLUMN_NAME_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
