import { zodResolver } from '@hookform/resolvers/zod';
import { TEMPLATE_VARIABLES, type TemplateVariable } from '@mailhound/contracts';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconPlus, IconTemplate, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { toFourDigits } from '../../mailboxes/four-digits.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { useUpdateCampaign } from '../api/update-campaign.ts';
import type { Campaign, EmailTemplate } from '../campaign-schemas.ts';
import {
  emptyStep,
  insertAt,
  type StepsFormValues,
  type StepsPayload,
  stepsFormDefaults,
  stepsFormSchema,
} from '../step-form-values.ts';
import { LoadTemplateModal } from './load-template-modal.tsx';
import { SaveTemplateModal } from './save-template-modal.tsx';

const SUBJECT_MAX = 50;

// product-spec §3 Template variables, as the buttons that insert them.
const variableLabels: Record<TemplateVariable, string> = {
  '{{first_name}}': 'First Name',
  '{{last_name}}': 'Last Name',
  '{{email}}': 'Email',
  '{{unsubscribe_link}}': 'Unsubscribe Link',
};

export function SequencesStep() {
  const { campaignId = '' } = useParams();
  const campaign = useCampaign(campaignId);
  if (!campaign.data) return <PageLoader />;
  return <SequencesForm campaign={campaign.data} />;
}

// product-spec §5 Campaign steps: subject required and at most 50, a body that is not empty
// once HTML is stripped, only the four variables; each later step waits its gap in days.
function SequencesForm({ campaign }: { campaign: Campaign }) {
  const update = useUpdateCampaign();
  const form = useForm<StepsFormValues, unknown, StepsPayload>({
    resolver: zodResolver(stepsFormSchema),
    mode: 'onTouched',
    defaultValues: stepsFormDefaults(campaign.steps),
  });
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const bodies = useRef(new Map<string, HTMLTextAreaElement>());
  const [saving, setSaving] = useState<number | null>(null);
  const [loading, setLoading] = useState<number | null>(null);

  const insertVariable = (index: number, fieldId: string, token: string) => {
    const name = `steps.${index}.body` as const;
    const current = form.getValues(name);
    const area = bodies.current.get(fieldId);
    const start = area?.selectionStart ?? current.length;
    const end = area?.selectionEnd ?? current.length;
    const next = insertAt(current, token, start, end);
    form.setValue(name, next.text, { shouldDirty: true, shouldValidate: true });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.caret, next.caret);
    });
  };

  // A template keeps a step that would pass its own rules.
  const openSaveTemplate = async (index: number) => {
    const valid = await form.trigger([`steps.${index}.subject`, `steps.${index}.body`]);
    if (valid) setSaving(index);
  };

  const loadTemplate = (index: number, template: EmailTemplate) => {
    form.setValue(`steps.${index}.subject`, template.subject, { shouldDirty: true });
    form.setValue(`steps.${index}.body`, template.body, { shouldDirty: true });
    void form.trigger([`steps.${index}.subject`, `steps.${index}.body`]);
  };

  const submit = form.handleSubmit(async ({ steps: payload }) => {
    try {
      await update.mutateAsync({ id: campaign.id, update: { steps: payload } });
      notifications.show({ color: 'green', message: 'Sequences saved.' });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: errorMessage(error, 'Something went wrong, please try again later.', [400]),
      });
    }
  });

  const savingStep = saving === null ? null : form.getValues(`steps.${saving}`);

  // The template modals sit outside the form: their own forms must not submit this one.
  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Sequences">
        <Stack maw={900}>
          {steps.fields.map((field, index) => (
            <Paper
              key={field.id}
              withBorder
              p="lg"
              radius="md"
              component="section"
              aria-label={`Step ${index + 1}`}
            >
              <Stack>
                <Group justify="space-between">
                  <Title order={2} size="h4">
                    Step {index + 1}
                  </Title>
                  <Menu position="bottom-end" hideDetached={false}>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={`Step ${index + 1} actions`}>
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        leftSection={<IconTemplate size={16} />}
                        onClick={() => void openSaveTemplate(index)}
                      >
                        Save as template
                      </Menu.Item>
                      <Menu.Item
                        leftSection={<IconTemplate size={16} />}
                        onClick={() => setLoading(index)}
                      >
                        Load template
                      </Menu.Item>
                      {steps.fields.length > 1 && (
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={16} />}
                          onClick={() => steps.remove(index)}
                        >
                          Remove step
                        </Menu.Item>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
                {index === 0 ? (
                  <Text size="sm" c="dimmed">
                    Sent first.
                  </Text>
                ) : (
                  <Controller
                    control={form.control}
                    name={`steps.${index}.email_gap`}
                    render={({ field: input, fieldState }) => (
                      <TextInput
                        label="Wait (days)"
                        description="Days after the previous step"
                        inputMode="numeric"
                        w={200}
                        value={input.value}
                        onBlur={input.onBlur}
                        onChange={(event) =>
                          input.onChange(toFourDigits(event.currentTarget.value))
                        }
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                )}
                <Controller
                  control={form.control}
                  name={`steps.${index}.subject`}
                  render={({ field: input, fieldState }) => (
                    <TextInput
                      label="Subject"
                      required
                      maxLength={SUBJECT_MAX}
                      description={`${input.value.length}/${SUBJECT_MAX}`}
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      value={input.value}
                      onChange={input.onChange}
                      onBlur={input.onBlur}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <Group gap="xs" aria-label={`Step ${index + 1} variables`} role="group">
                  {TEMPLATE_VARIABLES.map((token) => (
                    <Button
                      key={token}
                      size="compact-xs"
                      variant="light"
                      onClick={() => insertVariable(index, field.id, token)}
                    >
                      {variableLabels[token]}
                    </Button>
                  ))}
                </Group>
                <Controller
                  control={form.control}
                  name={`steps.${index}.body`}
                  render={({ field: input, fieldState }) => (
                    <Textarea
                      label="Body (HTML)"
                      required
                      rows={10}
                      ref={(element) => {
                        input.ref(element);
                        if (element) bodies.current.set(field.id, element);
                        else bodies.current.delete(field.id);
                      }}
                      value={input.value}
                      onChange={input.onChange}
                      onBlur={input.onBlur}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              </Stack>
            </Paper>
          ))}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => steps.append(emptyStep('1'))}
            >
              Add step
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <SaveTemplateModal step={savingStep} onClose={() => setSaving(null)} />
      <LoadTemplateModal
        opened={loading !== null}
        onClose={() => setLoading(null)}
        onLoad={(template) => {
          if (loading !== null) loadTemplate(loading, template);
          setLoading(null);
        }}
      />
    </>
  );
}
