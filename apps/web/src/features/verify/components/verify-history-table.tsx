import type { VerifyHistoryItem, VerifyResultData } from '@mailhound/contracts';
import { Badge, Button, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../shared/ui/dates.ts';
import { StatusBadge } from '../../../shared/ui/verdict-badges.tsx';

// A stored verification as the verdict card reads it; null when it ended in an error.
export function resultOf(item: VerifyHistoryItem): VerifyResultData | null {
  if (item.verdict === null) return null;
  return { ...item.verdict, _id: item._id, evidence: item.evidence, charged: item.charged };
}

// The user's verifications, newest first; Details shows one again in the verdict card.
export function VerifyHistoryTable({
  items,
  onDetails,
}: {
  items: VerifyHistoryItem[];
  onDetails: (result: VerifyResultData) => void;
}) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Your verifications will show here.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-label="Verification history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const result = resultOf(item);
            return (
              <Table.Tr key={item._id}>
                <Table.Td>
                  {result ? (
                    <StatusBadge status={result.status} />
                  ) : (
                    <Badge color="red" variant="outline">
                      Failed
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {item.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={result ? undefined : 'red'}>
                    {result?.reason ?? item.error}
                  </Text>
                </Table.Td>
                <Table.Td>{result?.score ?? '—'}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {formatDateTime(item.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {result && (
                    <Button
                      variant="subtle"
                      size="xs"
                      aria-label={`Details of ${item.email}`}
                      onClick={() => onDetails(result)}
                    >
                      Details
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
