import { Loader, Stack, Text, Tooltip } from '@mantine/core';
import { useBalance } from '../../shared/session/api/get-balance.ts';
import { useSession } from '../../shared/session/use-session.ts';

export function CreditsDisplay() {
  const { isLoggedIn, guestId } = useSession();
  const balance = useBalance();
  if (!isLoggedIn && guestId === null) {
    return <Loader role="status" size="xs" aria-label="Loading guest identity" />;
  }
  // Hidden while balanceAvailable is not known yet.
  if (balance.data === undefined) return null;
  const { balance: current, onHold, balanceAvailable } = balance.data;
  return (
    <Tooltip
      openDelay={250}
      closeDelay={400}
      multiline
      w={240}
      withArrow
      label={
        <Stack gap={2}>
          <Text size="sm">Current Balance: {current.toLocaleString()}</Text>
          <Text size="sm">Amount on Hold: {onHold.toLocaleString()}</Text>
          <Text size="xs">On hold is the amount of reserved credits.</Text>
        </Stack>
      }
    >
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        Credits available: {balanceAvailable.toLocaleString()}
      </Text>
    </Tooltip>
  );
}
