import {
  ActionIcon,
  Anchor,
  Group,
  Menu,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconDots,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CampaignSort, CampaignSortColumn } from '../api/get-campaigns.ts';
import { formatCampaignDate } from '../campaign-date.ts';
import type { Campaign } from '../campaign-schemas.ts';
import { CampaignStatusBadge } from './campaign-status-badge.tsx';

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
  const order = sort?.column === column ? sort.order : null;
  return (
    <Table.Th aria-sort={order === null ? 'none' : order === 'asc' ? 'ascending' : 'descending'}>
      <UnstyledButton
        onClick={() => onSort(column)}
        aria-label={
          order === null
            ? `${label}, sort ${orderWords[column].asc}`
            : `${label}, sorted ${orderWords[column][order]}`
        }
      >
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {label}
          </Text>
          {order === null ? (
            <IconArrowsSort size={14} />
          ) : order === 'asc' ? (
            <IconArrowUp size={14} />
          ) : (
            <IconArrowDown size={14} />
          )}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function CampaignsTable({
  campaigns,
  sort,
  onSort,
  onRename,
  onDelete,
}: {
  campaigns: Campaign[];
  sort: CampaignSort | null;
  onSort: (column: CampaignSortColumn) => void;
  onRename: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
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
                <CampaignStatusBadge campaign={campaign} />
              </Table.Td>
              <Table.Td>{campaign.customer_group_name ?? '—'}</Table.Td>
              <Table.Td>{formatCampaignDate(campaign.created)}</Table.Td>
              <Table.Td>
                <Menu position="bottom-end" withinPortal hideDetached={false}>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`Actions for ${campaign.name}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconPencil size={16} />}
                      onClick={() => onRename(campaign)}
                    >
                      Rename
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => onDelete(campaign)}
                    >
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
