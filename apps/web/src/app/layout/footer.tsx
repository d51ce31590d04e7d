import { EMAILS_FOUND_MULTIPLIER } from '@mailhound/contracts';
import { Group, Text } from '@mantine/core';
import { useEmailsFound } from '../../features/search/index.ts';

export function Footer() {
  const emailsFound = useEmailsFound();
  return (
    <Group component="footer" justify="space-between" py="md" mt="xl" gap="xs">
      <Text size="sm" c="dimmed">
        © Mailhound
      </Text>
      <Text size="sm">
        Total Emails Found:{' '}
        {emailsFound.data !== undefined && (
          <Text span fw={700} data-testid="emails-found">
            {/* api-spec §9: the server's count times 10, localised. */}
            {(emailsFound.data.count * EMAILS_FOUND_MULTIPLIER).toLocaleString()}
          </Text>
        )}
      </Text>
    </Group>
  );
}
