import type { CampaignAnswer } from '@mailhound/contracts';
import { Anchor, Table, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { formatDay } from '../../../shared/ui/dates.ts';
import { RowActionsMenu } from '../../../shared/ui/row-actions-menu.tsx';
import { SortableTh } from '../../../shared/ui/sortable-th.tsx';
import type { CampaignSort, CampaignSortColumn } from '../api/get-campaigns.ts';
import { CampaignStatusWithReason } from './campaign-status-badge.tsx';

const orderWords = {
  name: { asc: 'A-Z', desc: 'Z-A' },
  status: { asc: 'active first', desc: 'paused first' },
  created: { asc: 'oldest first', desc: 'newest first' },
} as const;

function SortHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: CampaignSortColumn;
  label: string;
  sort: CampaignSort | null;
  onSort: (column: CampaignSortColumn) => void;
}) {
  return (
    <SortableTh
      label={label}
      order={sort?.column === column ? sort.order : null}
      words={orderWords[column]}
      onSort={() => onSort(column)}
    />
  );
}

export function CampaignsTable({
  campaigns,
  sort,
  onSort,
  onRename,
  onDelete,
}: {
  campaigns: CampaignAnswer[];
  sort: CampaignSort | null;
  onSort: (column: CampaignSortColumn) => void;
  onRename: (campaign: CampaignAnswer) => void;
  onDelete: (campaign: CampaignAnswer) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Campaigns" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="name" label="Name" sort={sort} onSort={onSort} />
            <SortHeader column="status" label="Status" sort={sort} onSort={onSort} />
            <Table.Th>Contact List</Table.Th>
            <SortHeader column="created" label="Created" sort={sort} onSort={onSort} />
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.map((campaign) => (
            <Table.Tr key={campaign.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/campaigns/campaign-configuration/${encodeURIComponent(campaign.id)}`}
                >
                  {campaign.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <CampaignStatusWithReason campaign={campaign} />
              </Table.Td>
              <Table.Td>{campaign.customer_group_name ?? '—'}</Table.Td>
              <Table.Td>{formatDay(campaign.created)}</Table.Td>
              <Table.Td>
                <RowActionsMenu
                  name={campaign.name}
                  onRename={() => onRename(campaign)}
                  onDelete={() => onDelete(campaign)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
