import {
  failureMessages,
  type MailboxAnswer,
  rampDay,
  rampedDailyLimit,
  rampFullDay,
} from '@mailhound/contracts';
import { Alert, Stack, Switch, Text } from '@mantine/core';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useUpdateSendingLimits } from '../api/update-sending-limits.ts';

const rampStart = (mailbox: MailboxAnswer) =>
  mailbox.ramp_started === null ? null : new Date(mailbox.ramp_started);

// Whether the ramp-up still holds the mailbox under its own daily limit today.
export function isRamping(mailbox: MailboxAnswer, now: Date): boolean {
  return rampedDailyLimit(mailbox.emails_limit, rampStart(mailbox), now) < mailbox.emails_limit;
}

// Where the mailbox's ramp-up is today (issue 25), in words.
export function rampSummary(mailbox: MailboxAnswer, now: Date): string {
  const started = rampStart(mailbox);
  const day = rampDay(started, now);
  if (day === null) return `Ramp-up is off: up to ${mailbox.emails_limit} emails a day.`;
  const today = rampedDailyLimit(mailbox.emails_limit, started, now);
  const fullDay = rampFullDay(mailbox.emails_limit);
  if (day >= fullDay) {
    return `Ramp-up done: up to ${mailbox.emails_limit} emails a day since day ${fullDay}.`;
  }
  return `Ramp-up day ${day}: up to ${today} of ${mailbox.emails_limit} emails today, the full limit from day ${fullDay}.`;
}

export function RampStatus({ mailbox }: { mailbox: MailboxAnswer }) {
  return (
    <Text size="sm" c="dimmed">
      {rampSummary(mailbox, new Date())}
    </Text>
  );
}

// The ramp-up switch, in the sending limits form and the mailbox dialog.
export function RampSwitch({
  checked,
  onChange,
  disabled = false,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Switch
      label="Ramp up the daily limit"
      description="5 emails on the first day, 3 more each day after, up to the limit"
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

// The mailbox dialog's ramp-up: where it is, and the switch, saved as it is flipped with the
// mailbox's limits as they are.
export function RampSetting({
  mailbox,
  onSaved,
}: {
  mailbox: MailboxAnswer;
  onSaved: (mailbox: MailboxAnswer) => void;
}) {
  const update = useUpdateSendingLimits();
  const flip = async (rampUp: boolean) => {
    const limits = {
      emails_limit: mailbox.emails_limit,
      min_email_gap: mailbox.min_email_gap,
      max_email_gap: mailbox.max_email_gap,
      ramp_up: rampUp,
    };
    try {
      onSaved(await update.mutateAsync({ id: String(mailbox.id), limits }));
    } catch {
      // The error shows below the switch (update.error).
    }
  };
  return (
    <Stack gap="xs">
      <RampSwitch
        checked={mailbox.ramp_started !== null}
        disabled={update.isPending}
        onChange={flip}
      />
      <RampStatus mailbox={mailbox} />
      {update.isError && (
        <Alert color="red">{errorMessage(update.error, failureMessages.mail, [400])}</Alert>
      )}
    </Stack>
  );
}
