import { zodResolver } from '@hookform/resolvers/zod';
import {
  bulkMessages,
  contactMessages,
  LIST_NAME_MAX,
  type ListNameForm as ListNameValues,
  listNameFormSchema,
} from '@mailhound/contracts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../shared/api/api-error.ts';

// The list name (product-spec §2 "Contact lists"): at most 50 characters with a counter, the
// server's 409 'This name is already in use. Try another one.' shown under the field.
export function ListNameForm({
  defaultName = '',
  submitLabel,
  onCancel,
  onSubmit,
}: {
  defaultName?: string;
  submitLabel: string;
  onCancel: () => void;
  onSubmit: (name: string) => Promise<void>;
}) {
  const form = useForm<ListNameValues>({
    resolver: zodResolver(listNameFormSchema),
    mode: 'onChange',
    defaultValues: { name: defaultName },
  });
  const length = form.watch('name').length;
  // The only field takes the focus: on the name page as in a dialog (where data-autofocus
  // alone would do).
  const { setFocus } = form;
  useEffect(() => setFocus('name'), [setFocus]);

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        form.setError('name', { message: error.message || contactMessages.nameInUse });
        return;
      }
      notifications.show({ message: bulkMessages.listCreationFailed, color: 'red' });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Contact list name">
      <Stack>
        <TextInput
          label="Name"
          placeholder="Enter the list name"
          data-autofocus
          maxLength={LIST_NAME_MAX}
          description={`${length}/${LIST_NAME_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
