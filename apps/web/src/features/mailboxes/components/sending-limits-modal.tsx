import { zodResolver } from '@hookform/resolvers/zod';
import {
  failureMessages,
  type MailboxAnswer,
  type SendingLimits,
  sendingLimitsSchema,
} from '@mailhound/contracts';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { toFourDigits } from '../../../shared/four-digits.ts';
import { useUpdateSendingLimits } from '../api/update-sending-limits.ts';
import { RampStatus, RampSwitch } from './ramp-status.tsx';

type LimitsText = {
  emails_limit: string;
  min_email_gap: string;
  max_email_gap: string;
  ramp_up: boolean;
};

const asNumber = (text: string) => (text === '' ? undefined : Number(text));

// The inputs hold digits; the contracts' schema checks the numbers they make.
const limitsFormSchema = z
  .object({
    emails_limit: z.string(),
    min_email_gap: z.string(),
    max_email_gap: z.string(),
    ramp_up: z.boolean(),
  })
  .transform(
    (text): Partial<SendingLimits> => ({
      emails_limit: asNumber(text.emails_limit),
      min_email_gap: asNumber(text.min_email_gap),
      max_email_gap: asNumber(text.max_email_gap),
      ramp_up: text.ramp_up,
    }),
  )
  .pipe(sendingLimitsSchema);

const fields = [
  { name: 'emails_limit', label: 'Emails per day' },
  { name: 'min_email_gap', label: 'Min gap (seconds)' },
  { name: 'max_email_gap', label: 'Max gap (seconds)' },
] as const;

// product-spec §5 "Sending limits": emails_limit required and at most 50, max gap above min.
export function SendingLimitsModal({
  mailbox,
  onClose,
}: {
  mailbox: MailboxAnswer | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={mailbox !== null} onClose={onClose} title="Sending Limits" centered>
      {mailbox !== null && <SendingLimitsForm mailbox={mailbox} onClose={onClose} />}
    </Modal>
  );
}

function SendingLimitsForm({ mailbox, onClose }: { mailbox: MailboxAnswer; onClose: () => void }) {
  const update = useUpdateSendingLimits();
  const form = useForm<LimitsText, unknown, SendingLimits>({
    resolver: zodResolver(limitsFormSchema),
    mode: 'onChange',
    defaultValues: {
      emails_limit: String(mailbox.emails_limit),
      min_email_gap: String(mailbox.min_email_gap),
      max_email_gap: String(mailbox.max_email_gap),
      ramp_up: mailbox.ramp_started !== null,
    },
  });

  const submit = form.handleSubmit(async (limits) => {
    try {
      await update.mutateAsync({ id: String(mailbox.id), limits });
      onClose();
    } catch (error) {
      form.setError('root', {
        message: errorMessage(error, failureMessages.mail, [400]),
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sending limits">
      <Stack>
        {fields.map((field) => (
          <Controller
            key={field.name}
            control={form.control}
            name={field.name}
            // Min and max are compared, so a change of min checks max again.
            rules={{ deps: field.name === 'min_email_gap' ? ['max_email_gap'] : [] }}
            render={({ field: input, fieldState }) => (
              <TextInput
                label={field.label}
                inputMode="numeric"
                required
                value={input.value}
                onBlur={input.onBlur}
                onChange={(event) => input.onChange(toFourDigits(event.currentTarget.value))}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
        <Controller
          control={form.control}
          name="ramp_up"
          render={({ field: input }) => (
            <RampSwitch checked={input.value} onChange={input.onChange} />
          )}
        />
        <RampStatus mailbox={mailbox} />
        {form.formState.errors.root?.message && (
          <Alert color="red">{form.formState.errors.root.message}</Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
