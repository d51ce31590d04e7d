import { type OverallAnalytics, PAGE_SIZE } from '@mailhound/contracts';
import { Anchor, Stack, Table } from '@mantine/core';
import { Link } from 'react-router';
import { PagingFooter } from '../../../shared/ui/paging-footer.tsx';
import { useSearchedPage } from '../../../shared/ui/search-key.tsx';
import { FigureCells, FigureHeaders } from './figure-columns.tsx';

type CampaignFigures = OverallAnalytics['per_campaign'][number];

const statusLabels: Record<string, string> = { active: 'Active', paused: 'Paused' };

// Every campaign's figures in the period, 10 a page; a name opens the campaign's analytics tab.
export function CampaignFiguresTable({ rows }: { rows: CampaignFigures[] }) {
  // The page lives in the address; one past the end (fewer campaigns in another period) shows
  // the last.
  const [asked, setPage] = useSearchedPage();
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = Math.min(asked, pages);
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={920}>
        <Table aria-label="Campaigns" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Campaign</Table.Th>
              <Table.Th>Status</Table.Th>
              <FigureHeaders />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/campaigns/campaign-configuration/${encodeURIComponent(row.id)}/analytics`}
                  >
                    {row.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{statusLabels[row.status] ?? row.status}</Table.Td>
                <FigureCells row={row} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagingFooter
        page={page}
        pages={pages}
        total={rows.length}
        perPage={PAGE_SIZE}
        onChange={setPage}
      />
    </Stack>
  );
}
