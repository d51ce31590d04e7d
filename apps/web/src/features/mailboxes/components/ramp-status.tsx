import { type MailboxAnswer, rampDay, rampedDailyLimit, rampFullDay } from '@mailhound/contracts';
import { Text } from '@mantine/core';

// Where the mailbox's ramp-up is today (issue 25), in words.
export function rampSummary(mailbox: MailboxAnswer, now: Date): string {
  const started = mailbox.ramp_started === null ? null : new Date(mailbox.ramp_started);
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
