import type { ThreadStatus } from '@mailhound/contracts';
import { Badge } from '@mantine/core';

export const threadStatusLabels: Record<ThreadStatus, string> = {
  replied: 'Replied',
  auto_reply: 'Auto-reply',
  bounced: 'Bounced',
};

const colors: Record<ThreadStatus, string> = {
  replied: 'green',
  auto_reply: 'gray',
  bounced: 'red',
};

export function ThreadStatusBadge({ status }: { status: ThreadStatus }) {
  return (
    <Badge color={colors[status]} variant="light" size="sm">
      {threadStatusLabels[status]}
    </Badge>
  );
}
