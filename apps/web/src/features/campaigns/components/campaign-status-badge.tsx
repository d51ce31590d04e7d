import { type CampaignAnswer, campaignMessages } from '@mailhound/contracts';
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

// Under its status in the list: why the campaign paused itself (bounce protection, issue 25),
// or that nobody is left to write to.
export function CampaignStatusWithReason({ campaign }: { campaign: CampaignAnswer }) {
  const pausedReason = campaign.ended ? null : campaign.paused_reason;
  if (!pausedReason && !campaign.nothing_left) return <CampaignStatusBadge campaign={campaign} />;
  return (
    <Stack gap={4} align="flex-start">
      <CampaignStatusBadge campaign={campaign} />
      {pausedReason && (
        <Text size="xs" c="red" maw={320}>
          {pausedReason}
        </Text>
      )}
      {campaign.nothing_left && (
        <Text size="xs" c="dimmed" maw={320}>
          {campaignMessages.nothingLeft}
        </Text>
      )}
    </Stack>
  );
}
