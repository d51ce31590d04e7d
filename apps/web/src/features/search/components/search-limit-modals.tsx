import { searchMessages } from '@mailhound/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { withRedirectUrl } from '../../../shared/session/redirect-url.ts';

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
