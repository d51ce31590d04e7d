import { failureMessages, type MailboxAnswer } from '@mailhound/contracts';
import { Alert, Badge, Button, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useResumeMailbox } from '../api/resume-mailbox.ts';

export const resumeLabel = 'Resume sending';

// A mailbox whose campaign sends bounce or complaint protection paused (issue 25): the badge
// of the sender list, its reason on hover and read out with it.
export function SendingPausedBadge({ reason }: { reason: string }) {
  return (
    <Tooltip label={reason} withArrow multiline maw={320} openDelay={100}>
      <Badge w="fit-content" variant="light" color="orange">
        Sending paused
        <VisuallyHidden>: {reason}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

// Resumes the mailbox's sends and says how it went; the answer goes to onResumed.
export function useResumeSending(onResumed?: (mailbox: MailboxAnswer) => void) {
  const resume = useResumeMailbox();
  const run = async (mailbox: MailboxAnswer) => {
    try {
      const answer = await resume.mutateAsync(String(mailbox.id));
      notifications.show({ message: `${mailbox.email} sends again.`, color: 'green' });
      onResumed?.(answer);
    } catch (error) {
      notifications.show({
        message: errorMessage(error, failureMessages.mail, [404]),
        color: 'red',
      });
    }
  };
  return { run, pending: resume.isPending };
}

// The mailbox dialog's warning: why its sending is paused, and the button that resumes it.
// Its connection is fine, so this is no 'Connection failed'.
export function SendingPausedAlert({
  mailbox,
  onResumed,
}: {
  mailbox: MailboxAnswer;
  onResumed: (mailbox: MailboxAnswer) => void;
}) {
  const resume = useResumeSending(onResumed);
  if (mailbox.sending_paused_reason === null) return null;
  return (
    <Alert color="orange" title="Sending paused" role="status">
      <Text size="sm">{mailbox.sending_paused_reason}</Text>
      <Text size="sm" c="dimmed">
        Its inbox is still read and you can answer leads from the Unibox.
      </Text>
      <Group justify="flex-end" mt="xs">
        <Button size="xs" loading={resume.pending} onClick={() => resume.run(mailbox)}>
          {resumeLabel}
        </Button>
      </Group>
    </Alert>
  );
}
