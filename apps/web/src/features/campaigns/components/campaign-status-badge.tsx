import type { CampaignAnswer } from '@mailhound/contracts';
import { Badge, Stack, Text } from '@mantine/core';

// Ended wins over the stored status: the first schedule's end has passed (product-spec §4).
export function CampaignStatusBadge({ campaign }: { campaign: CampaignAnswer }) {
  if (campaign.ended) return <Badge color="gray">Ended</Badge>;
  return campaign.status === 'active' ? (
    <Badge color="green">Active</Badge>
  ) : (
    <Badge color="yellow">Paused</Badge>
  );
}

// Why the campaign paused itself (bounce protection, issue 25), under its status in the list.
export function CampaignStatusWithReason({ campaign }: { campaign: CampaignAnswer }) {
  if (campaign.ended || !campaign.paused_reason) return <CampaignStatusBadge campaign={campaign} />;
  return (
    <Stack gap={4} align="flex-start">
      <CampaignStatusBadge campaign={campaign} />
      <Text size="xs" c="red" maw={320}>
        {campaign.paused_reason}
      </Text>
    </Stack>
  );
}
