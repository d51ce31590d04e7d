import type { LookalikeItem } from '@mailhound/contracts';
import { Badge, Group, Loader, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../shared/ui/dates.ts';
import { HistoryTable, PreviewButton } from '../../../shared/ui/search-history.tsx';
import { useFollowLookalikeItem } from '../api/follow-lookalike-item.ts';
import {
  type LookalikeOutcome,
  listSizeText,
  lookalikeOutcome,
  outcomeTexts,
} from '../lookalike-item.ts';

const badges: Record<LookalikeOutcome, { label: string; color: string }> = {
  processing: { label: 'Processing', color: 'blue' },
  success: { label: 'Success', color: 'green' },
  empty: { label: 'Empty', color: 'gray' },
  error: { label: 'Error', color: 'red' },
};

function ItemResult({ item, outcome }: { item: LookalikeItem; outcome: LookalikeOutcome }) {
  if (outcome === 'processing') {
    return (
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          {outcomeTexts.processing}
        </Text>
      </Group>
    );
  }
  if (outcome === 'error') {
    return (
      <Text size="sm" c="red" title={item.error ?? undefined}>
        {outcomeTexts.error}
      </Text>
    );
  }
  if (outcome === 'empty') return <Text size="sm">{outcomeTexts.empty}</Text>;
  return <Text size="sm">{outcomeTexts.success(item.result?.totalCount ?? 0)}</Text>;
}

function LookalikeHistoryRow({ item, page }: { item: LookalikeItem; page: number }) {
  // Processing items follow their live stream while the row is shown.
  useFollowLookalikeItem(item);
  const outcome = lookalikeOutcome(item);
  const badge = badges[outcome];
  // A finished search has a preview, an empty one included ('No contacts were found').
  const previewable = outcome === 'success' || outcome === 'empty';
  return (
    <Table.Tr data-request-id={item.requestId}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {item.input.fileName}
        </Text>
        <Text size="xs" c="dimmed">
          {listSizeText(item)} · {formatDateTime(item.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={badge.color} variant="light">
          {badge.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        <ItemResult item={item} outcome={outcome} />
      </Table.Td>
      <Table.Td>
        <PreviewButton
          to={`/look-alike/preview/${encodeURIComponent(item.requestId)}`}
          fromPage={page}
          enabled={previewable}
        />
      </Table.Td>
    </Table.Tr>
  );
}

export function LookalikeHistoryTable({ items, page }: { items: LookalikeItem[]; page: number }) {
  return (
    <HistoryTable label="Look-alike history" resultHeader="Result">
      {items.map((item) => (
        <LookalikeHistoryRow key={item.requestId} item={item} page={page} />
      ))}
    </HistoryTable>
  );
}
