import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCampaignChoices } from '../api/get-campaign-choices.ts';

// The campaigns that paused themselves for bounces or spam complaints (issue 25), named with
// the reason above the Unibox, where the bounce and complaint reports arrive.
export function PausedCampaignsNotice() {
  const choices = useCampaignChoices();
  const paused = (choices.data ?? []).filter((campaign) => campaign.paused_reason);
  if (paused.length === 0) return null;
  return (
    <Stack gap="xs">
      {paused.map((campaign) => (
        <Alert key={campaign.id} color="red" title={`${campaign.name} is paused`} role="status">
          <Text size="sm">{campaign.paused_reason}</Text>
          <Anchor
            component={Link}
            to={`/campaigns/campaign-configuration/${encodeURIComponent(campaign.id)}`}
            size="sm"
          >
            Open the campaign
          </Anchor>
        </Alert>
      ))}
    </Stack>
  );
}
