import { bulkVerdictColumns, type VerifyStatus, verifyStatuses } from '@mailhound/contracts';
import { Badge, Group, Table, Text } from '@mantine/core';
import { ScoreIcon } from '../../../shared/ui/score-icon.tsx';
import { statusWords } from '../../verify/index.ts';

function isVerifyStatus(value: string): value is VerifyStatus {
  return (verifyStatuses as readonly string[]).includes(value);
}

// The verdict's columns close every result row (issue 22): where they are in this header, or
// null for a result without them.
function verdictColumnsOf(header: string[]): { status: number; reason: number } | null {
  const start = header.length - bulkVerdictColumns.length;
  const named = start >= 0 && bulkVerdictColumns.every((name, i) => header[start + i] === name);
  return named ? { status: start, reason: header.length - 1 } : null;
}

// The result files add Email, Score and Status to the input columns (ours; api-spec §7 "Bulk
// files" names the input columns only), then the verdict; a score shows with the same icon as a
// single search, a verdict's status as a coloured badge whose title is its reason.
function Cell({
  value,
  kind,
  reason,
}: {
  value: string;
  kind: 'score' | 'status' | 'text';
  reason: string;
}) {
  const score = Number(value);
  if (kind === 'score' && value !== '' && Number.isFinite(score)) {
    return (
      <Group gap={6} wrap="nowrap">
        <ScoreIcon score={score} />
        <Text size="sm">{value}</Text>
      </Group>
    );
  }
  if (kind === 'status' && isVerifyStatus(value)) {
    return (
      <Badge color={statusWords[value].color} variant="light" title={reason || undefined}>
        {value}
      </Badge>
    );
  }
  return <Text size="sm">{value}</Text>;
}

export function PreviewTable({ header, rows }: { header: string[]; rows: string[][] }) {
  const scoreColumn = header.findIndex((name) => name.trim().toLowerCase() === 'score');
  const verdict = verdictColumnsOf(header);
  const kindOf = (column: number) =>
    column === scoreColumn ? 'score' : column === verdict?.status ? 'status' : 'text';
  return (
    // With the verdict's columns the preview is wider than most screens: its scrolling viewport is
    // a named region a keyboard user can focus and scroll with the arrow keys.
    <Table.ScrollContainer
      minWidth={640}
      scrollAreaProps={{
        viewportProps: {
          tabIndex: 0,
          role: 'region',
          'aria-label': 'Bulk preview, scrolls sideways',
        },
      }}
    >
      <Table striped withTableBorder aria-label="Bulk preview">
        <Table.Thead>
          <Table.Tr>
            {header.map((name, index) => (
              // Column names may repeat in an uploaded file; the position tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: a header row never reorders
              <Table.Th key={index}>{name}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no id and never reorder
            <Table.Tr key={rowIndex}>
              {header.map((_, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are addressed by column
                <Table.Td key={column}>
                  <Cell
                    value={row[column] ?? ''}
                    kind={kindOf(column)}
                    reason={verdict ? (row[verdict.reason] ?? '') : ''}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
