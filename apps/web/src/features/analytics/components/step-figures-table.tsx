import type { CampaignAnalytics } from '@mailhound/contracts';
import { Table } from '@mantine/core';
import { FigureCells, FigureHeaders } from './figure-columns.tsx';

type StepFigures = CampaignAnalytics['per_step'][number];

// One row per step of the sequence; replies, clicks and unsubscribes count for the step of
// the e-mail they answer. The reply rate is over the contacts the step reached.
export function StepFiguresTable({ rows }: { rows: StepFigures[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label="Steps" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Step</Table.Th>
            <Table.Th>Subject</Table.Th>
            <FigureHeaders />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.step}>
              <Table.Td>{row.step}</Table.Td>
              <Table.Td>{row.subject}</Table.Td>
              <FigureCells row={row} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
