import { Badge } from '@mantine/core';
import type { Campaign } from '../campaign-schemas.ts';

// Ended wins over the stored status: the first schedule's end has passed (product-spec §4).
export function CampaignStatusBadge({ campaign }: { campaign: Campaign }) {
  if (campaign.ended) return <Badge color="gray">Ended</Badge>;
  return campaign.status === 'active' ? (
    <Badge color="green">Active</Badge>
  ) : (
    <Badge color="yellow">Paused</Badge>
  );
}
