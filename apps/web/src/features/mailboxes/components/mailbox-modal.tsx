import { zodResolver } from '@hookform/resolvers/zod';
import {
  digitsOnly,
  failureMessages,
  type MailboxAnswer,
  type MailboxPayload,
  mailboxFormSchema,
  validationMessages,
} from '@mailhound/contracts';
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useCreateMailbox } from '../api/create-mailbox.ts';
import { useUpdateMailboxDetails } from '../api/update-mailbox.ts';
import { useUpdateMailboxConnection } from '../api/update-mailbox-connection.ts';
import { customProvider, mailProviders } from '../mail-providers.ts';
import { DomainHealthPanel } from './domain-health-panel.tsx';
import { RampSetting } from './ramp-status.tsx';
import { SendingPausedAlert } from './sending-paused.tsx';

const failedText = failureMessages.mail;

export type MailboxEditing = { mode: 'add' } | { mode: 'edit'; mailbox: MailboxAnswer } | null;

// Add or edit a sender mailbox (product-spec §5 Mailbox), with the server's connection check
// shown as it came back: the status and, on failure, the server's error.
export function MailboxModal({
  editing,
  onClose,
}: {
  editing: MailboxEditing;
  onClose: () => void;
}) {
  // After a save the modal carries on with the saved mailbox and its connection outcome.
  const [saved, setSaved] = useState<MailboxAnswer | null>(null);
  const mailbox = saved ?? (editing?.mode === 'edit' ? editing.mailbox : null);
  const close = () => {
    setSaved(null);
    onClose();
  };
  const adding = editing?.mode === 'add';
  return (
    <Modal
      opened={editing !== null}
      onClose={close}
      title={adding ? 'Add Mailbox' : 'Edit Mailbox'}
      size="lg"
      centered
    >
      {editing !== null &&
        (mailbox === null ? (
          <AddMailboxForm onSaved={setSaved} onCancel={close} />
        ) : adding ? (
          // The mailbox is saved: its outcome, and when the check failed the connection
          // alone to fix and test again, one button, still under 'Add Mailbox'.
          <Stack>
            <ConnectionOutcome mailbox={mailbox} />
            {mailbox.status !== 'active' && (
              <ConnectionForm
                key={`connection-${mailbox.id}`}
                mailbox={mailbox}
                onSaved={setSaved}
                submitLabel="Test Again"
              />
            )}
            <Group justify="flex-end">
              <Button variant={mailbox.status === 'active' ? 'filled' : 'default'} onClick={close}>
                {mailbox.status === 'active' ? 'Done' : 'Close'}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            <ConnectionOutcome mailbox={mailbox} />
            <SendingPausedAlert mailbox={mailbox} onResumed={setSaved} />
            <DetailsForm key={`details-${mailbox.id}`} mailbox={mailbox} onSaved={setSaved} />
            <Divider label="Connection" labelPosition="left" />
            <ConnectionForm key={`connection-${mailbox.id}`} mailbox={mailbox} onSaved={setSaved} />
            <Divider label="Sending" labelPosition="left" />
            <RampSetting mailbox={mailbox} onSaved={setSaved} />
            <Divider label="Domain health" labelPosition="left" />
            <DomainHealthPanel key={`health-${mailbox.id}`} mailboxId={String(mailbox.id)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Close
              </Button>
            </Group>
          </Stack>
        ))}
    </Modal>
  );
}

// The server's error keeps its line breaks: one line for SMTP, one for IMAP.
export function ConnectionOutcome({ mailbox }: { mailbox: MailboxAnswer }) {
  return mailbox.status === 'active' ? (
    <Alert color="green" title="Connected">
      The SMTP and IMAP logins of {mailbox.email} work.
    </Alert>
  ) : (
    <Alert color="red" title="Connection failed">
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {mailbox.status_message ?? 'The mail servers refused the login.'}
      </Text>
    </Alert>
  );
}

type ConnectionField = 'email' | 'password' | 'smtp_host' | 'smtp_port' | 'imap_host' | 'imap_port';

// A port takes digits only (the digit-only helper of product-spec §5), at most five.
function portInput(registration: UseFormRegisterReturn<ConnectionField>) {
  return {
    ...registration,
    onChange: (event: { target: unknown; type?: unknown }) => {
      const input = event.target as HTMLInputElement;
      input.value = String(digitsOnly(input.value, { maxLength: 5 }));
      return registration.onChange(event);
    },
  };
}
type MessagesOf = Partial<Record<ConnectionField, { message?: string }>>;

// The connection inputs shared by the add form and the connection form.
function ConnectionInputs({
  register,
  errors,
  passwordHint,
  passwordRequired = false,
}: {
  register: (name: ConnectionField) => UseFormRegisterReturn<ConnectionField>;
  errors: MessagesOf;
  passwordHint?: string | undefined;
  passwordRequired?: boolean;
}) {
  return (
    <>
      <SimpleGrid cols={2}>
        <TextInput label="Email" required error={errors.email?.message} {...register('email')} />
        <PasswordInput
          label="Password"
          required={passwordRequired}
          description={passwordHint}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <TextInput
          label="SMTP Host"
          required
          error={errors.smtp_host?.message}
          {...register('smtp_host')}
        />
        <TextInput
          label="SMTP Port"
          required
          inputMode="numeric"
          error={errors.smtp_port?.message}
          {...portInput(register('smtp_port'))}
        />
        <TextInput
          label="IMAP Host"
          required
          error={errors.imap_host?.message}
          {...register('imap_host')}
        />
        <TextInput
          label="IMAP Port"
          required
          inputMode="numeric"
          error={errors.imap_port?.message}
          {...portInput(register('imap_port'))}
        />
      </SimpleGrid>
    </>
  );
}

// An empty port is a missing value like any other required field; the contracts' port (mail.ts),
// read as a number, would take it for 0 and give the range text. The range repeats mail.ts's
// (it keeps its port schema to itself).
const filledPort = z
  .string()
  .trim()
  .min(1, validationMessages.required)
  .pipe(
    z.coerce
      .number<string>()
      .int(validationMessages.invalidPort)
      .min(1, validationMessages.invalidPort)
      .max(65_535, validationMessages.invalidPort),
  );
const addSchema = mailboxFormSchema.extend({ smtp_port: filledPort, imap_port: filledPort });

function AddMailboxForm({
  onSaved,
  onCancel,
}: {
  onSaved: (mailbox: MailboxAnswer) => void;
  onCancel: () => void;
}) {
  const create = useCreateMailbox();
  const form = useForm<z.input<typeof addSchema>, unknown, MailboxPayload>({
    resolver: zodResolver(addSchema),
    mode: 'all',
    defaultValues: {
      email: '',
      password: '',
      name: '',
      description: '',
      smtp_host: '',
      smtp_port: '',
      imap_host: '',
      imap_port: '',
    },
  });
  const { errors } = form.formState;
  const [providerId, setProviderId] = useState<string>(customProvider);
  const provider = mailProviders.find((candidate) => candidate.id === providerId);
  const choose = (id: string | null) => {
    setProviderId(id ?? customProvider);
    const chosen = mailProviders.find((candidate) => candidate.id === id);
    if (chosen === undefined) return;
    for (const name of ['smtp_host', 'smtp_port', 'imap_host', 'imap_port'] as const) {
      form.setValue(name, chosen[name], { shouldValidate: true });
    }
  };

  const submit = form.handleSubmit(async (payload) => {
    try {
      onSaved(await create.mutateAsync(payload));
    } catch (error) {
      form.setError('root', { message: errorMessage(error, failedText, [400, 409]) });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Mailbox">
      <Stack>
        <SimpleGrid cols={2}>
          <TextInput label="Name" error={errors.name?.message} {...form.register('name')} />
          <TextInput
            label="Description"
            error={errors.description?.message}
            {...form.register('description')}
          />
        </SimpleGrid>
        <Select
          label="Provider"
          description="Fills in the servers and ports"
          allowDeselect={false}
          value={providerId}
          onChange={choose}
          data={[
            ...mailProviders.map(({ id, label }) => ({ value: id, label })),
            { value: customProvider, label: 'Other (custom servers)' },
          ]}
        />
        <ConnectionInputs
          register={(name) => form.register(name)}
          errors={errors}
          passwordHint={provider?.passwordHint}
          passwordRequired
        />
        {errors.root?.message && <Alert color="red">{errors.root.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Save and Test Connection
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const detailsSchema = mailboxFormSchema.pick({ name: true, description: true });

function DetailsForm({
  mailbox,
  onSaved,
}: {
  mailbox: MailboxAnswer;
  onSaved: (mailbox: MailboxAnswer) => void;
}) {
  const update = useUpdateMailboxDetails();
  const form = useForm<z.input<typeof detailsSchema>, unknown, z.output<typeof detailsSchema>>({
    resolver: zodResolver(detailsSchema),
    mode: 'all',
    defaultValues: { name: mailbox.name, description: mailbox.description },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (changes) => {
    try {
      onSaved(await update.mutateAsync({ id: String(mailbox.id), update: changes }));
    } catch (error) {
      form.setError('root', { message: errorMessage(error, failedText, [400]) });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Mailbox details">
      <Stack>
        <SimpleGrid cols={2}>
          <TextInput label="Name" error={errors.name?.message} {...form.register('name')} />
          <TextInput
            label="Description"
            error={errors.description?.message}
            {...form.register('description')}
          />
        </SimpleGrid>
        {errors.root?.message && <Alert color="red">{errors.root.message}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={update.isPending}>
            Save Details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// An empty password keeps the stored one.
const connectionSchema = mailboxFormSchema
  .omit({ name: true, description: true })
  .extend({ password: z.string(), smtp_port: filledPort, imap_port: filledPort });

function ConnectionForm({
  mailbox,
  onSaved,
  submitLabel = 'Save and Test Connection',
}: {
  mailbox: MailboxAnswer;
  onSaved: (mailbox: MailboxAnswer) => void;
  submitLabel?: string;
}) {
  const update = useUpdateMailboxConnection();
  const form = useForm<
    z.input<typeof connectionSchema>,
    unknown,
    z.output<typeof connectionSchema>
  >({
    resolver: zodResolver(connectionSchema),
    mode: 'all',
    defaultValues: {
      email: mailbox.email,
      password: '',
      smtp_host: mailbox.smtp_host,
      smtp_port: String(mailbox.smtp_port),
      imap_host: mailbox.imap_host,
      imap_port: String(mailbox.imap_port),
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ password, ...connection }) => {
    try {
      const changes = password === '' ? connection : { ...connection, password };
      onSaved(await update.mutateAsync({ id: String(mailbox.id), update: changes }));
      form.resetField('password');
    } catch (error) {
      form.setError('root', { message: errorMessage(error, failedText, [400]) });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Mailbox connection">
      <Stack>
        <ConnectionInputs
          register={(name) => form.register(name)}
          errors={errors}
          passwordHint="Leave empty to keep the saved password"
        />
        {errors.root?.message && <Alert color="red">{errors.root.message}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={update.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
