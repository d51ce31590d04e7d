import { zodResolver } from '@hookform/resolvers/zod';
import {
  CAMPAIGN_STEPS_MAX,
  type CampaignAnswer,
  type EmailTemplate,
  failureMessages,
  STEP_VARIANTS_MAX,
  TEMPLATE_VARIABLES,
  type TemplateVariable,
  validationMessages,
  variantLetters,
} from '@mailhound/contracts';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBraces, IconDots, IconPlus, IconTemplate, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  Controller,
  type ControllerFieldState,
  type RefCallBack,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { toFourDigits } from '../../../shared/four-digits.ts';
import { EmailBodyEditor } from '../../../shared/ui/email-body-editor.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import {
  movesIntoVariablesMenu,
  type TemplateVariableChoice,
  VariablesMenu,
} from '../../../shared/ui/variables-menu.tsx';
import { useCampaign } from '../api/get-campaign.ts';
import { useUpdateCampaign } from '../api/update-campaign.ts';
import {
  emptyStep,
  insertAt,
  type StepsFormValues,
  type StepsPayload,
  stepsFormDefaults,
  stepsFormSchema,
  variantField,
} from '../step-form-values.ts';
import { LoadTemplateModal } from './load-template-modal.tsx';
import { SaveTemplateModal } from './save-template-modal.tsx';

const SUBJECT_MAX = 50;

// 'email_gap', or a variant's subject or body as variantField names it within the step.
type StepField = string;

const letterOf = (variant: number) => variantLetters[variant] ?? '';

// product-spec §3 Template variables, as the menus of the Subject and the Body offer them.
const variableLabels: Record<TemplateVariable, string> = {
  '{{first_name}}': 'First Name',
  '{{last_name}}': 'Last Name',
  '{{email}}': 'Email',
  '{{unsubscribe_link}}': 'Unsubscribe Link',
};
const variableChoices: TemplateVariableChoice[] = TEMPLATE_VARIABLES.map((token) => ({
  token,
  label: variableLabels[token],
  // In the body the unsubscribe URL is a link the recipient can click.
  asLink: token === '{{unsubscribe_link}}',
}));

export function SequencesStep() {
  const { campaignId = '' } = useParams();
  const campaign = useCampaign(campaignId);
  if (!campaign.data) return <PageLoader />;
  return <SequencesForm campaign={campaign.data} />;
}

// product-spec §5 Campaign steps: subject required and at most 50, a body that is not empty
// once HTML is stripped, only the four variables; each later step waits its gap in days.
function SequencesForm({ campaign }: { campaign: CampaignAnswer }) {
  const update = useUpdateCampaign();
  const form = useForm<StepsFormValues, unknown, StepsPayload>({
    resolver: zodResolver(stepsFormSchema),
    // Checked as typed and when a field is left.
    mode: 'all',
    defaultValues: stepsFormDefaults(campaign.steps),
  });
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const subjects = useRef(new Map<string, HTMLInputElement>());
  // Steps whose errors show before their fields are touched: those a Save or a template
  // action checked. The field array re-validates every step when one is added or removed,
  // and a step the user has not reached yet must not say it is wrong.
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set());
  // Fields typed in ("stepId.field"): their errors show as they are typed.
  const [typed, setTyped] = useState<ReadonlySet<string>>(() => new Set());
  const [saving, setSaving] = useState<number | null>(null);
  const [loading, setLoading] = useState<number | null>(null);
  // The variant tab shown per step (issue 25), A when none was picked.
  const [shownVariant, setShownVariant] = useState<ReadonlyMap<string, number>>(() => new Map());
  const variantOf = (stepId: string) => shownVariant.get(stepId) ?? 0;
  const showVariant = (stepId: string, variant: number) =>
    setShownVariant((shown) => new Map(shown).set(stepId, variant));
  // The step-relative name of a variant's field, as `typed` keeps it.
  const variantKey = (variant: number, which: 'subject' | 'body') =>
    variant === 0 ? which : `variants.${variant - 1}.${which}`;

  const reveal = (stepIds: string[]) => setRevealed((shown) => new Set([...shown, ...stepIds]));
  const shownError = (stepId: string, which: StepField, state: ControllerFieldState) =>
    state.isTouched || typed.has(`${stepId}.${which}`) || revealed.has(stepId)
      ? state.error?.message
      : undefined;
  const markTyped = (stepId: string, which: StepField) =>
    setTyped((shown) =>
      shown.has(`${stepId}.${which}`) ? shown : new Set([...shown, `${stepId}.${which}`]),
    );

  const bindSubject = (stepId: string, ref: RefCallBack) => (element: HTMLInputElement | null) => {
    ref(element);
    if (element) subjects.current.set(stepId, element);
    else subjects.current.delete(stepId);
  };

  // Into the Subject at its caret (or over its selection); the Body's editor inserts its own.
  const insertIntoSubject = (index: number, stepId: string, token: string) => {
    const variant = variantOf(stepId);
    const name = variantField(index, variant, 'subject');
    const current = form.getValues(name);
    const element = subjects.current.get(stepId);
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    const next = insertAt(current, token, start, end);
    markTyped(stepId, variantKey(variant, 'subject'));
    // Written at once, so the caret can be placed after it (writing a value moves the caret to
    // the end).
    flushSync(() => form.setValue(name, next.text, { shouldDirty: true, shouldValidate: true }));
    element?.focus();
    element?.setSelectionRange(next.caret, next.caret);
  };

  // A template keeps a step that would pass its own rules.
  // The variant shown is the one saved as, or loaded from, a template.
  const openSaveTemplate = async (index: number, stepId: string) => {
    reveal([stepId]);
    const variant = variantOf(stepId);
    const fields = [variantField(index, variant, 'subject'), variantField(index, variant, 'body')];
    const valid = await form.trigger(fields);
    if (valid) setSaving(index);
  };

  const loadTemplate = (index: number, template: EmailTemplate) => {
    const stepId = steps.fields[index]?.id ?? '';
    reveal([stepId]);
    const variant = variantOf(stepId);
    const subject = variantField(index, variant, 'subject');
    const body = variantField(index, variant, 'body');
    form.setValue(subject, template.subject, { shouldDirty: true });
    form.setValue(body, template.body, { shouldDirty: true });
    void form.trigger([subject, body]);
  };

  // Issue 25: a step has up to 4 variants; the new one is shown at once.
  const addVariant = (index: number, stepId: string) => {
    const variants = form.getValues(`steps.${index}.variants`);
    form.setValue(`steps.${index}.variants`, [...variants, { subject: '', body: '' }], {
      shouldDirty: true,
    });
    showVariant(stepId, variants.length + 1);
  };

  // The one shown goes; without A, B becomes the step's own subject and body.
  const removeVariant = (index: number, stepId: string) => {
    const variant = variantOf(stepId);
    const [next, ...rest] = form.getValues(`steps.${index}.variants`);
    if (variant === 0 && next) {
      form.setValue(`steps.${index}.subject`, next.subject, { shouldDirty: true });
      form.setValue(`steps.${index}.body`, next.body, { shouldDirty: true });
      form.setValue(`steps.${index}.variants`, rest, { shouldDirty: true });
    } else if (next) {
      const variants = [next, ...rest].filter((_, position) => position !== variant - 1);
      form.setValue(`steps.${index}.variants`, variants, { shouldDirty: true });
    }
    form.clearErrors(`steps.${index}`);
    if (revealed.has(stepId)) void form.trigger(`steps.${index}`);
    showVariant(stepId, Math.max(0, variant - 1));
  };

  const save = form.handleSubmit(async ({ steps: payload }) => {
    try {
      await update.mutateAsync({ id: campaign.id, update: { steps: payload } });
      notifications.show({ color: 'green', message: 'Sequences saved.' });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: errorMessage(error, failureMessages.mail, [400]),
      });
    }
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    reveal(steps.fields.map((field) => field.id));
    void save(event);
  };

  const savingId = saving === null ? '' : (steps.fields[saving]?.id ?? '');
  const savingStep =
    saving === null
      ? null
      : {
          subject: form.getValues(variantField(saving, variantOf(savingId), 'subject')),
          body: form.getValues(variantField(saving, variantOf(savingId), 'body')),
        };
  // Re-rendered as variants are added or removed.
  const allSteps = form.watch('steps');

  // The template modals sit outside the form: their own forms must not submit this one.
  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Sequences">
        <Stack maw={900}>
          {steps.fields.map((field, index) => {
            const variant = variantOf(field.id);
            const variantCount = 1 + (allSteps[index]?.variants.length ?? 0);
            const stepErrors = form.formState.errors.steps?.[index];
            const hasError = (shown: number) =>
              revealed.has(field.id) &&
              (shown === 0
                ? Boolean(stepErrors?.subject || stepErrors?.body)
                : Boolean(stepErrors?.variants?.[shown - 1]));
            return (
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
                          onClick={() => void openSaveTemplate(index, field.id)}
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
                          onChange={(event) => {
                            markTyped(field.id, 'email_gap');
                            input.onChange(toFourDigits(event.currentTarget.value));
                          }}
                          error={shownError(field.id, 'email_gap', fieldState)}
                        />
                      )}
                    />
                  )}
                  <Group justify="space-between" align="end">
                    <Tabs
                      value={String(variant)}
                      onChange={(value) => showVariant(field.id, Number(value ?? 0))}
                    >
                      <Tabs.List aria-label={`Step ${index + 1} variants`}>
                        {Array.from({ length: variantCount }, (_, shown) => (
                          <Tabs.Tab
                            key={letterOf(shown)}
                            value={String(shown)}
                            aria-label={`Variant ${letterOf(shown)}`}
                            c={hasError(shown) ? 'red' : undefined}
                          >
                            {letterOf(shown)}
                          </Tabs.Tab>
                        ))}
                      </Tabs.List>
                    </Tabs>
                    <Group gap="xs">
                      {variantCount > 1 && (
                        <Button
                          variant="subtle"
                          color="red"
                          size="xs"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => removeVariant(index, field.id)}
                        >
                          Remove variant {letterOf(variant)}
                        </Button>
                      )}
                      <Button
                        variant="subtle"
                        size="xs"
                        leftSection={<IconPlus size={14} />}
                        disabled={variantCount >= STEP_VARIANTS_MAX}
                        onClick={() => addVariant(index, field.id)}
                      >
                        Add variant
                      </Button>
                    </Group>
                  </Group>
                  <Controller
                    key={`${field.id}-subject-${variant}`}
                    control={form.control}
                    name={variantField(index, variant, 'subject')}
                    render={({ field: input, fieldState }) => (
                      <TextInput
                        label="Subject"
                        required
                        maxLength={SUBJECT_MAX}
                        description={`${input.value.length}/${SUBJECT_MAX}`}
                        inputWrapperOrder={['label', 'input', 'description', 'error']}
                        ref={bindSubject(field.id, input.ref)}
                        value={input.value}
                        onChange={(event) => {
                          markTyped(field.id, variantKey(variant, 'subject'));
                          input.onChange(event);
                        }}
                        onBlur={(event) => {
                          if (!movesIntoVariablesMenu(event)) input.onBlur();
                        }}
                        error={shownError(field.id, variantKey(variant, 'subject'), fieldState)}
                        rightSectionPointerEvents="all"
                        rightSection={
                          <VariablesMenu
                            variables={variableChoices}
                            onPick={({ token }) => insertIntoSubject(index, field.id, token)}
                            onClose={() => subjects.current.get(field.id)?.focus()}
                          >
                            <ActionIcon
                              variant="subtle"
                              aria-label="Subject variables"
                              // The Subject keeps its caret (and its focus) for the variable.
                              onMouseDown={(event) => event.preventDefault()}
                            >
                              <IconBraces size={16} />
                            </ActionIcon>
                          </VariablesMenu>
                        }
                      />
                    )}
                  />
                  <Controller
                    key={`${field.id}-body-${variant}`}
                    control={form.control}
                    name={variantField(index, variant, 'body')}
                    render={({ field: input, fieldState }) => (
                      <EmailBodyEditor
                        label="Body"
                        required
                        ref={input.ref}
                        value={input.value}
                        onChange={(html) => {
                          markTyped(field.id, variantKey(variant, 'body'));
                          input.onChange(html);
                        }}
                        onBlur={input.onBlur}
                        error={shownError(field.id, variantKey(variant, 'body'), fieldState)}
                        variables={variableChoices}
                      />
                    )}
                  />
                </Stack>
              </Paper>
            );
          })}
          <Group justify="space-between">
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                disabled={steps.fields.length >= CAMPAIGN_STEPS_MAX}
                onClick={() => steps.append(emptyStep('1'))}
              >
                Add step
              </Button>
              {steps.fields.length >= CAMPAIGN_STEPS_MAX && (
                <Text size="sm" c="dimmed">
                  {validationMessages.campaignStepsMax}.
                </Text>
              )}
            </Group>
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
