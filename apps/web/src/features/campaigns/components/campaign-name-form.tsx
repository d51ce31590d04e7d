import { zodResolver } from '@hookform/resolvers/zod';
import { campaignNameSchema, failureMessages } from '@mailhound/contracts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../shared/api/api-error.ts';

const NAME_MAX = 50;
const nameFormSchema = z.object({ name: campaignNameSchema });
type NameValues = z.infer<typeof nameFormSchema>;

// product-spec §5 Campaign name: required, at most 50, and the server's message (a 409
// 'This name is already in use.', or any other refusal) shown under the field.
export function CampaignNameForm({
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
  const form = useForm<NameValues>({
    resolver: zodResolver(nameFormSchema),
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
      const message =
        error instanceof ApiError && error.message !== '' ? error.message : failureMessages.mail;
      form.setError('name', { message });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Campaign name">
      <Stack>
        <TextInput
          label="Name"
          placeholder="Enter the campaign name"
          data-autofocus
          maxLength={NAME_MAX}
          description={`${length}/${NAME_MAX}`}
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
