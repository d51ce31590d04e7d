import { zodResolver } from '@hookform/resolvers/zod';
import { type SendEmailPayload, sendEmailSchema, type ThreadSummary } from '@mailhound/contracts';
import { Button, Group, Paper, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, type FieldError, type Merge, type Resolver, useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { EmailBodyEditor } from '../../../shared/ui/email-body-editor.tsx';
import { useSendEmail } from '../api/send-email.ts';
import { forwardSubject, replySubject } from '../compose-defaults.ts';
import { uniboxTexts } from '../unibox-messages.ts';

export type ComposeMode = SendEmailPayload['mode'];

type ComposeValues = { subject: string; body: string; recipients: string[] };

// The form holds what the user writes (the body as the editor's HTML); the contracts' schema
// checks the payload it becomes, so the messages are the server's own.
function composeResolver(
  mode: ComposeMode,
  threadId: string,
): Resolver<ComposeValues, unknown, SendEmailPayload> {
  const resolve = zodResolver(sendEmailSchema);
  return (values, context, options) => {
    const { subject, body, recipients } = values;
    const payload =
      mode === 'reply'
        ? { mode, thread_id: threadId, subject, body }
        : { mode, thread_id: threadId, subject, body, recipients };
    // The field names are the payload's own; only the mode and the thread are added.
    return resolve(payload, context, { ...options, names: undefined });
  };
}

// Errors of a list of addresses: the list's own (none given) or the first wrong address.
function recipientsError(
  error: Merge<FieldError, (FieldError | undefined)[]> | undefined,
): string | undefined {
  if (error === undefined) return undefined;
  if (Array.isArray(error)) return error.find((item) => item?.message)?.message;
  return error.message;
}

export function EmailComposer({
  mode,
  thread,
  onClose,
}: {
  mode: ComposeMode;
  thread: ThreadSummary;
  onClose: () => void;
}) {
  const send = useSendEmail();
  const form = useForm<ComposeValues, unknown, SendEmailPayload>({
    resolver: composeResolver(mode, thread.id),
    mode: 'onChange',
    defaultValues: {
      subject: mode === 'reply' ? replySubject(thread.subject) : forwardSubject(thread.subject),
      body: '',
      recipients: [],
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (payload) => {
    try {
      const answer = await send.mutateAsync(payload);
      notifications.show({ message: answer.message, color: 'green' });
      onClose();
    } catch (error) {
      // 409 (mailbox gone) and 502 (SMTP refused) carry a message for the user, shown as it is
      // (api-spec §8 "the error catalogue": the mail client rethrows errors unchanged).
      notifications.show({
        message: errorMessage(error, uniboxTexts.failed, [409, 502]),
        color: 'red',
      });
    }
  });

  const title = mode === 'reply' ? 'Reply' : 'Forward';
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {title}
          </Title>
          {mode === 'reply' ? (
            <Text size="sm">
              To:{' '}
              {thread.lead.name === ''
                ? thread.lead.email
                : `${thread.lead.name} <${thread.lead.email}>`}
            </Text>
          ) : (
            <Controller
              control={form.control}
              name="recipients"
              render={({ field }) => (
                <TagsInput
                  label="To"
                  placeholder="Type an e-mail and press Enter"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={recipientsError(errors.recipients)}
                  splitChars={[',', ' ', ';']}
                  clearable
                />
              )}
            />
          )}
          <TextInput
            label="Subject"
            error={errors.subject?.message}
            {...form.register('subject')}
          />
          <Controller
            control={form.control}
            name="body"
            render={({ field }) => (
              <EmailBodyEditor
                label="Message"
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.body?.message}
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
