import type { Verdict, VerifyChecks, VerifyStatus } from '@mailhound/contracts';
import { Badge, type BadgeProps, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { type CheckWords, checkColor, statusWords } from './verdict-words.ts';

// A verdict's status in Hunter's words and the colour of what the user can do with it: the
// Email Verifier's badge, also beside the finder's scores (issue 22).
export function StatusBadge({
  status,
  size = 'lg',
}: {
  status: VerifyStatus;
  size?: BadgeProps['size'];
}) {
  const words = statusWords[status];
  return (
    <Badge color={words.color} variant="filled" size={size} data-verdict={status}>
      {words.label}
    </Badge>
  );
}

// The verdict beside an address a finder shows: its status, and its one-line reason on hover
// (and read out with the status).
export function VerdictBadge({ verdict }: { verdict: Pick<Verdict, 'status' | 'reason'> }) {
  const words = statusWords[verdict.status];
  return (
    <Tooltip label={verdict.reason} withArrow multiline maw={300} openDelay={100}>
      <Badge
        color={words.color}
        variant="filled"
        size="sm"
        data-verdict={verdict.status}
        style={{ flexShrink: 0 }}
      >
        {words.label}
        <VisuallyHidden>: {verdict.reason}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

// A verdict's checks as badges, one list per kind (Hunter's, or ours from the mail server's
// reply).
export function CheckBadges({
  title,
  checks,
  verdict,
}: {
  title: string;
  checks: readonly CheckWords[];
  verdict: VerifyChecks;
}) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {title}
      </Text>
      <Group gap="xs" role="list" aria-label={title}>
        {checks.map((words) => {
          const value = verdict[words.check];
          return (
            <Badge
              key={words.check}
              role="listitem"
              variant="light"
              color={checkColor(words, value)}
            >
              {words.label}: {value ? 'yes' : 'no'}
            </Badge>
          );
        })}
      </Group>
    </Stack>
  );
}
