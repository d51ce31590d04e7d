import { searchMessages } from '@mailhound/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

// api-spec §8 "Search": the free plan is asked to upgrade, other plans to buy the missing
// credits; both go to /purchase. Single search and the lead finder's Find emails share it.
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
