import { Group, Table, Text } from '@mantine/core';
import { ScoreIcon } from '../../../shared/ui/score-icon.tsx';

// The result files add Email, Score and Status to the input columns (ours; api-spec §7 "Bulk
// files" names the input columns only); a score shows with the same icon as a single search.
function Cell({ value, isScore }: { value: string; isScore: boolean }) {
  const score = Number(value);
  if (isScore && value !== '' && Number.isFinite(score)) {
    return (
      <Group gap={6} wrap="nowrap">
        <ScoreIcon score={score} />
        <Text size="sm">{value}</Text>
      </Group>
    );
  }
  return <Text size="sm">{value}</Text>;
}

export function PreviewTable({ header, rows }: { header: string[]; rows: string[][] }) {
  const scoreColumn = header.findIndex((name) => name.trim().toLowerCase() === 'score');
  return (
    <Table.ScrollContainer minWidth={640}>
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
                  <Cell value={row[column] ?? ''} isScore={column === scoreColumn} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
