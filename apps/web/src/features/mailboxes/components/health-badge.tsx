import type { HealthState } from '@mailhound/contracts';
import { Badge } from '@mantine/core';

const looks: Record<HealthState | 'unchecked', { label: string; color: string }> = {
  ok: { label: 'Healthy', color: 'green' },
  warn: { label: 'Needs attention', color: 'yellow' },
  fail: { label: 'Failing', color: 'red' },
  unchecked: { label: 'Not checked', color: 'gray' },
};

export const healthStateLabel = (state: HealthState | null) => looks[state ?? 'unchecked'].label;

// The sender-domain health of a mailbox (issue 25): one word and a colour.
export function HealthBadge({ state }: { state: HealthState | null }) {
  const look = looks[state ?? 'unchecked'];
  return (
    <Badge w="fit-content" variant="light" color={look.color}>
      {look.label}
    </Badge>
  );
}
