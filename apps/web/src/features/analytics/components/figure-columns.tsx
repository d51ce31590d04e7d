import type { AnalyticsCounts } from '@mailhound/contracts';
import { Table } from '@mantine/core';
import { complaintRate, formatComplaintRate, formatRate, replyRate } from '../rates.ts';

// The figure columns the campaign and step tables share, after their own leading columns.
export function FigureHeaders() {
  return (
    <>
      <Table.Th>Sent</Table.Th>
      <Table.Th>Delivered</Table.Th>
      <Table.Th>Bounced</Table.Th>
      <Table.Th>Replied</Table.Th>
      <Table.Th>Clicked</Table.Th>
      <Table.Th>Unsubscribed</Table.Th>
      <Table.Th>Complaints</Table.Th>
      <Table.Th>Reply rate</Table.Th>
      <Table.Th>Complaint rate</Table.Th>
    </>
  );
}

export function FigureCells({ row }: { row: AnalyticsCounts }) {
  return (
    <>
      <Table.Td>{row.sent}</Table.Td>
      <Table.Td>{row.delivered}</Table.Td>
      <Table.Td>{row.bounced}</Table.Td>
      <Table.Td>{row.replied}</Table.Td>
      <Table.Td>{row.clicked}</Table.Td>
      <Table.Td>{row.unsubscribed}</Table.Td>
      <Table.Td>{row.complained}</Table.Td>
      <Table.Td>{formatRate(replyRate(row))}</Table.Td>
      <Table.Td>{formatComplaintRate(complaintRate(row))}</Table.Td>
    </>
  );
}
