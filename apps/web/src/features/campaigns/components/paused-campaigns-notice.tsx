import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCampaignChoices } from '../api/get-campaign-choices.ts';
import { useCampaignMailboxes } from '../api/get-campaign-mailboxes.ts';

// The campaigns that paused themselves for bounces or spam complaints (issue 25), and the
// mailboxes whose sending protection paused, named with the reason above the Unibox, where the
// bounce and complaint reports arrive.
export function PausedCampaignsNotice() {
  const choices = useCampaignChoices();
  const mailboxes = useCampaignMailboxes();
  const paused = (choices.data ?? []).filter((campaign) => campaign.paused_reason);
  const stopped = (mailboxes.data ?? []).filter((mailbox) => mailbox.sending_paused_reason);
  if (paused.length === 0 && stopped.length === 0) return null;
  return (
    <Stack gap="xs">
      {stopped.map((mailbox) => (
        <Alert
          key={mailbox.id}
          color="orange"
          title={`${mailbox.email} has its sending paused`}
          role="status"
        >
          <Text size="sm">{mailbox.sending_paused_reason}</Text>
          <Anchor
            component={Link}
            to={`/sender-list?mailbox=${encodeURIComponent(mailbox.id)}`}
            size="sm"
          >
            Open the mailbox
          </Anchor>
        </Alert>
      ))}
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
