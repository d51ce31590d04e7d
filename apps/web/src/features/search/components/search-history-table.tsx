import { searchMessages } from '@mailhound/contracts';
import { ActionIcon, Group, Progress, Table, Text, Tooltip } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyModal } from '../../../shared/ui/lazy-modal.tsx';
import { ScoreIcon } from '../../../shared/ui/score-icon.tsx';
import { VerdictBadge } from '../../../shared/ui/verdict-badges.tsx';
import { type HistoryRow, queryCompany } from '../history-row.ts';
import { rowOutcome } from '../row-text.ts';

const EvidenceModal = lazyModal(() =>
  import('./evidence-modal.tsx').then((module) => module.EvidenceModal),
);

export type PendingSearch = {
  firstName: string;
  lastName: string;
  company: string;
  percent: number;
};

function HistoryTableRow({ row }: { row: HistoryRow }) {
  const [evidenceOpened, setEvidenceOpened] = useState(false);
  const outcome = rowOutcome(row);
  const name = `${row.query.firstName} ${row.query.lastName}`;
  return (
    <Table.Tr>
      <Table.Td>
        {/* The finder's score stays as the spec says; the verdict is shown beside it (issue 22). */}
        <Group gap={6} wrap="nowrap">
          <ScoreIcon score={row.result?.exactEmailScore ?? 0} />
          {row.verdict && <VerdictBadge verdict={row.verdict} />}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {queryCompany(row.query)}
        </Text>
      </Table.Td>
      <Table.Td>
        {outcome.kind === 'email' ? (
          <Text size="sm" fw={600}>
            {outcome.email}
          </Text>
        ) : (
          <Text size="sm" c={outcome.kind === 'error' ? 'red' : 'dimmed'}>
            {outcome.text}
          </Text>
        )}
      </Table.Td>
      <Table.Td w={56}>
        {row.evidence !== undefined && row.evidence !== null && (
          <>
            <Tooltip label="Evidence">
              <ActionIcon
                variant="subtle"
                aria-label={`Evidence for ${name}`}
                onClick={() => setEvidenceOpened(true)}
              >
                <IconListDetails size={18} />
              </ActionIcon>
            </Tooltip>
            <EvidenceModal
              evidence={row.evidence}
              verdict={row.verdict ?? null}
              opened={evidenceOpened}
              onClose={() => setEvidenceOpened(false)}
            />
          </>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

// The temporary row while a search streams (product-spec §4), replaced by the refreshed
// history when it ends.
function PendingRow({ pending }: { pending: PendingSearch }) {
  const percent = Math.round(pending.percent);
  return (
    <Table.Tr aria-busy="true" data-testid="pending-search">
      <Table.Td />
      <Table.Td>
        <Text size="sm" fw={500}>
          {pending.firstName} {pending.lastName}
        </Text>
        <Text size="xs" c="dimmed">
          {pending.company}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {searchMessages.slicing} {percent}%
        </Text>
        <Progress value={percent} size="sm" mt={4} aria-label="Search progress" />
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  );
}

export function SearchHistoryTable({
  rows,
  pending,
}: {
  rows: HistoryRow[];
  pending: PendingSearch | null;
}) {
  if (rows.length === 0 && pending === null) {
    return (
      <Text size="sm" c="dimmed">
        Your searches will show here.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" aria-label="Search history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Score</Table.Th>
            <Table.Th>Person</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Evidence</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pending && <PendingRow pending={pending} />}
          {rows.map((row) => (
            <HistoryTableRow key={row._id} row={row} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
