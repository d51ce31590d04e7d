import { type BulkItem, bulkMessages, verifyListName } from '@mailhound/contracts';
import { Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../shared/ui/dates.ts';
import { HistoryTable, PreviewButton } from '../../../shared/ui/search-history.tsx';
import { useFollowBulkItem } from '../api/follow-bulk-item.ts';
import {
  type BulkBadge,
  bulkBadge,
  onHoldText,
  percentProcessed,
  resultCountText,
} from '../bulk-item.ts';

const badgeColors: Record<BulkBadge, string> = {
  Paid: 'green',
  Slicing: 'blue',
  Unpaid: 'gray',
  'Nothing to pay': 'gray',
};

// product-spec §4 "Bulk item": processing shows the percent processed, then 'N emails found'
// or 'Bulk search failed'.
function ItemState({ item }: { item: BulkItem }) {
  if (item.status === 'processing') {
    const percent = percentProcessed(item.progress);
    return (
      <Stack gap={4} miw={160}>
        <Progress value={percent} aria-label={`${item.input.fileName} progress`} />
        <Text size="xs" c="dimmed">
          {percent}% processed
        </Text>
        {item.onHold > 0 && (
          <Text size="xs" c="dimmed" maw={260}>
            {onHoldText(item.onHold)}
          </Text>
        )}
      </Stack>
    );
  }
  if (item.status === 'error') {
    return (
      <Text size="sm" c="red" title={item.error ?? undefined}>
        {bulkMessages.bulkFailed}
      </Text>
    );
  }
  return <Text size="sm">{resultCountText(item.result)}</Text>;
}

function BulkHistoryRow({ item, page }: { item: BulkItem; page: number }) {
  // Processing items follow their live stream while the row is shown.
  useFollowBulkItem(item);
  const badge = bulkBadge(item);
  const previewable = item.status === 'completed';
  return (
    <Table.Tr data-request-id={item.requestId}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {item.input.fileName}
          </Text>
          {/* A list with only an e-mail column verifies its addresses (issue 22). */}
          {item.kind === 'verify' && (
            <Badge size="sm" variant="outline" color="blue">
              {verifyListName}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {item.input.length.toLocaleString('en-US')} {item.input.length === 1 ? 'row' : 'rows'} ·{' '}
          {formatDateTime(item.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={badgeColors[badge]} variant="light">
          {badge}
        </Badge>
      </Table.Td>
      <Table.Td>
        <ItemState item={item} />
      </Table.Td>
      <Table.Td>
        <PreviewButton
          to={`/search/bulk/preview/${encodeURIComponent(item.requestId)}`}
          fromPage={page}
          enabled={previewable}
        />
      </Table.Td>
    </Table.Tr>
  );
}

export function BulkHistoryTable({ items, page }: { items: BulkItem[]; page: number }) {
  return (
    <HistoryTable label="Bulk search history" resultHeader="Progress">
      {items.map((item) => (
        <BulkHistoryRow key={item.requestId} item={item} page={page} />
      ))}
    </HistoryTable>
  );
}
