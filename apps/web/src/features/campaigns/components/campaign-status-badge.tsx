import type { CampaignAnswer } from '@mailhound/contracts';
import { Badge } from '@mantine/core';

// Ended wins over the stored status: the first schedule's end has passed (product-spec §4).
export function CampaignStatusBadge({ campaign }: { campaign: CampaignAnswer }) {
  if (campaign.ended) return <Badge color="gray">Ended</Badge>;
  return campaign.status === 'active' ? (
    <Badge color="green">Active</Badge>
  ) : (
    <Badge color="yellow">Paused</Badge>
  );
}
