import { type ContactVerification, scoreColor } from '@mailhound/contracts';
import { Badge } from '@mantine/core';

const labels = { verified: 'Verified', possible: 'Possible', unverified: 'Unverified' } as const;

// A contact's address as our searches left it: the score of the search that found it (coloured
// as the score icon is), or whether we verified an address that was typed or imported.
export function VerificationBadge({ verification }: { verification: ContactVerification }) {
  const { status, score } = verification;
  const color = score !== null ? scoreColor(score) : status === 'verified' ? 'green' : 'gray';
  return (
    <Badge variant="light" color={color} size="sm" data-status={status}>
      {score === null ? labels[status] : `${labels[status]} · ${score}`}
    </Badge>
  );
}

// On the user's do-not-email list (Settings › Do-not-email): no campaign writes to it.
export function DoNotEmailBadge() {
  return (
    <Badge variant="light" color="red" size="sm">
      Do not email
    </Badge>
  );
}
