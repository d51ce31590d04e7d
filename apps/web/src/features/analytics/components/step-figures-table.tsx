import type { CampaignAnalytics } from '@mailhound/contracts';
import { Table } from '@mantine/core';
import { Fragment } from 'react';
import { FigureCells, FigureHeaders } from './figure-columns.tsx';

type StepFigures = CampaignAnalytics['per_step'][number];

// One row per step of the sequence; replies, clicks and unsubscribes count for the step of
// the e-mail they answer. The reply rate is over the contacts the step reached. A step with
// A/B variants (issue 25) is followed by a row per variant, for the contacts that got it.
export function StepFiguresTable({ rows }: { rows: StepFigures[] }) {
  return (
    <Table.ScrollContainer minWidth={920}>
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
            <Fragment key={row.step}>
              <Table.Tr>
                <Table.Td>{row.step}</Table.Td>
                <Table.Td>{row.subject}</Table.Td>
                <FigureCells row={row} />
              </Table.Tr>
              {row.variants?.map((variant) => (
                <Table.Tr key={variant.variant}>
                  <Table.Td pl="lg">Variant {variant.variant}</Table.Td>
                  <Table.Td>{variant.subject}</Table.Td>
                  <FigureCells row={variant} />
                </Table.Tr>
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
