import type { MessageKind, ThreadMessage } from '@mailhound/contracts';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/ui/dates.ts';
import { LinkedText } from './linked-text.tsx';

const kindLabels: Record<MessageKind, string> = {
  campaign: 'Campaign',
  reply: 'Reply',
  auto_reply: 'Auto-reply',
  bounce: 'Bounce',
  sent: 'Sent',
};

const kindColors: Record<MessageKind, string> = {
  campaign: 'blue',
  reply: 'green',
  auto_reply: 'gray',
  bounce: 'red',
  sent: 'indigo',
};

function kindLabel(message: ThreadMessage): string {
  const label = kindLabels[message.kind];
  return message.kind === 'campaign' && message.step !== null
    ? `${label} · step ${message.step}`
    : label;
}

function addressText({ email, name }: { email: string; name: string }): string {
  return name === '' ? email : `${name} <${email}>`;
}

// One message of a thread: who, when, what kind, the text, and the quoted earlier messages
// folded until asked for.
export function ThreadMessageCard({ message }: { message: ThreadMessage }) {
  const [quotedShown, setQuotedShown] = useState(false);
  const quoted = message.quoted_text ?? '';
  return (
    <Paper
      component="article"
      aria-label={`${kindLabels[message.kind]} from ${message.from.email}`}
      withBorder
      p="md"
      radius="md"
      bg={message.direction === 'out' ? 'var(--mantine-color-gray-0)' : undefined}
    >
      <Stack gap="xs">
        {/* Long addresses break, so the kind and date stay inside the card on a phone. */}
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0} miw={0} style={{ overflowWrap: 'anywhere' }}>
            <Text size="sm" fw={600}>
              {addressText(message.from)}
            </Text>
            <Text size="xs" c="dimmed">
              To: {message.to.map(addressText).join(', ')}
              {message.cc.length > 0 && ` · Cc: ${message.cc.map(addressText).join(', ')}`}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <Badge color={kindColors[message.kind]} variant="light" size="sm">
              {kindLabel(message)}
            </Badge>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(message.date)}
            </Text>
          </Stack>
        </Group>
        {message.bounce !== null && (
          <Table aria-label="Bounce details" withRowBorders={false} verticalSpacing={2}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={120}>Recipient</Table.Th>
                <Table.Td>{message.bounce.recipient}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Status</Table.Th>
                <Table.Td>{message.bounce.status}</Table.Td>
              </Table.Tr>
              {message.bounce.diagnostic !== null && (
                <Table.Tr>
                  <Table.Th>Diagnostic</Table.Th>
                  <Table.Td>{message.bounce.diagnostic}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <LinkedText text={message.text} />
        </Text>
        {quoted.trim() !== '' && (
          <>
            <Button
              variant="subtle"
              size="compact-xs"
              w="fit-content"
              aria-expanded={quotedShown}
              onClick={() => setQuotedShown((shown) => !shown)}
            >
              {quotedShown ? 'Hide quoted text' : 'Show quoted text'}
            </Button>
            {quotedShown && (
              <Text
                size="sm"
                c="dimmed"
                pl="sm"
                style={{
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  borderLeft: '2px solid var(--mantine-color-gray-3)',
                }}
              >
                <LinkedText text={quoted} />
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
