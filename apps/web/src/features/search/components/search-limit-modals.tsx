import { searchMessages } from '@mailhound/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { withRedirectUrl } from '../../../shared/session/redirect-url.ts';

// api-spec §8 "Search": the free plan is asked to upgrade, other plans to buy the missing
// credits; both go to /purchase.
export function CreditsModal({
  opened,
  onClose,
  freePlan,
  needed,
}: {
  opened: boolean;
  onClose: () => void;
  freePlan: boolean;
  needed: number;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Credits required" centered>
      <Stack>
        <Text>
          {freePlan ? searchMessages.searchLimitReached : searchMessages.notEnoughCredits(needed)}
        </Text>
        <Group justify="flex-end">
          <Button component={Link} to="/purchase">
            {freePlan ? searchMessages.upgradeNow : searchMessages.purchaseCredits}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

// A guest whose free searches are spent (api-spec §8) is invited to sign up.
export function OutOfFreeSearchesModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={searchMessages.outOfFreeSearches} centered>
      <Stack>
        <Text>
          You have used your free searches. Sign up to get free credits every month and keep finding
          emails.
        </Text>
        <Group justify="flex-end">
          <Button component={Link} to={withRedirectUrl('/signup', '/search/single')}>
            Sign Up
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
