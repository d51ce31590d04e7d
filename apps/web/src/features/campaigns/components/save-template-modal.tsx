import { zodResolver } from '@hookform/resolvers/zod';
import { failureMessages, validationMessages } from '@mailhound/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useCreateEmailTemplate } from '../api/create-email-template.ts';

// The spec names no rule for a template's name: required, at most 50 like other names.
const TEMPLATE_NAME_MAX = 50;
const templateNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, validationMessages.required)
    .max(TEMPLATE_NAME_MAX, validationMessages.maxLength(TEMPLATE_NAME_MAX)),
});
type TemplateNameValues = z.infer<typeof templateNameSchema>;

type StepText = { subject: string; body: string };

export function SaveTemplateModal({
  step,
  onClose,
}: {
  step: StepText | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={step !== null} onClose={onClose} title="Save as Template" centered>
      {step !== null && <SaveTemplateForm step={step} onClose={onClose} />}
    </Modal>
  );
}

function SaveTemplateForm({ step, onClose }: { step: StepText; onClose: () => void }) {
  const create = useCreateEmailTemplate();
  const form = useForm<TemplateNameValues>({
    resolver: zodResolver(templateNameSchema),
    mode: 'onChange',
    defaultValues: { name: step.subject },
  });
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await create.mutateAsync({ name, subject: step.subject, body: step.body });
      notifications.show({ color: 'green', message: 'Template saved.' });
      onClose();
    } catch (error) {
      form.setError('name', {
        message: errorMessage(error, failureMessages.mail, [400, 409]),
      });
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Template name">
      <Stack>
        <TextInput
          label="Template Name"
          data-autofocus
          maxLength={TEMPLATE_NAME_MAX}
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
