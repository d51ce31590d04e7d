import type { CampaignAnalytics } from '@mailhound/contracts';
import { Table } from '@mantine/core';
import { formatRate, replyRate } from '../rates.ts';

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
            <Table.Th>Sent</Table.Th>
            <Table.Th>Delivered</Table.Th>
            <Table.Th>Bounced</Table.Th>
            <Table.Th>Replied</Table.Th>
            <Table.Th>Clicked</Table.Th>
            <Table.Th>Unsubscribed</Table.Th>
            <Table.Th>Reply rate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.step}>
              <Table.Td>{row.step}</Table.Td>
              <Table.Td>{row.subject}</Table.Td>
              <Table.Td>{row.sent}</Table.Td>
              <Table.Td>{row.delivered}</Table.Td>
              <Table.Td>{row.bounced}</Table.Td>
              <Table.Td>{row.replied}</Table.Td>
              <Table.Td>{row.clicked}</Table.Td>
              <Table.Td>{row.unsubscribed}</Table.Td>
              <Table.Td>{formatRate(replyRate(row))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
