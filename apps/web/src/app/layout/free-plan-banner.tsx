import { billingMessages } from '@mailhound/contracts';
import { Anchor, CloseButton, Group, Paper } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../shared/session/use-session.ts';

// Not one of the spec's storage keys: the spec only says the dismissal is remembered.
const freePlanBannerKey = 'freePlanBannerDismissed';

export function FreePlanBanner() {
  const { isLoggedIn } = useSession();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useLocalStorage({
    key: freePlanBannerKey,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  if (isLoggedIn || dismissed || pathname === '/purchase' || pathname === '/email-verification') {
    return null;
  }
  return (
    <Paper withBorder p="sm" mb="lg" bg="blue.0" role="region" aria-label="Free plan">
      <Group justify="space-between" wrap="nowrap">
        <Anchor component={Link} to="/purchase" fw={600}>
          {billingMessages.startFreePlan}
        </Anchor>
        <CloseButton aria-label="Dismiss" onClick={() => setDismissed(true)} />
      </Group>
    </Paper>
  );
}
