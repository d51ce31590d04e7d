import { type CampaignAnswer, campaignMessages, failureMessages } from '@mailhound/contracts';
import { Alert, Anchor, Button, Group, List, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useCampaign } from '../api/get-campaign.ts';
import { useUpdateCampaign } from '../api/update-campaign.ts';
import { CampaignContactsPicker } from './campaign-contacts-picker.tsx';
import { CampaignStatusBadge } from './campaign-status-badge.tsx';

export const CAMPAIGN_HEADER_ID = 'campaign-header';

const tabs = [
  { value: 'contacts', label: 'Contacts' },
  { value: 'schedule', label: 'Schedule' },
  { value: 'sequences', label: 'Sequences' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'settings', label: 'Settings' },
] as const;

// What the server's `missing` names, said as the step that supplies it (`tab`), or the page
// elsewhere that does (`to`).
const missingSteps: Record<string, { text: string; tab?: string; to?: string }> = {
  contacts: { text: 'a contact list', tab: 'contacts' },
  schedule: { text: 'a schedule', tab: 'schedule' },
  sequences: { text: 'at least one sequence step', tab: 'sequences' },
  mailbox: { text: 'at least one active mailbox in Accounts to Use', tab: 'settings' },
  mailbox_paused: {
    text: 'a mailbox whose sending is not paused: protection paused every one in Accounts to Use (resume one on the Sender List)',
    to: '/sender-list',
  },
};

// The configuration of one campaign: its header (name, status, Start / Pause and what is
// missing before it can start), the step tabs, and the open step below.
export function CampaignConfigurationLayout() {
  const { campaignId = '' } = useParams();
  const campaign = useCampaign(campaignId);
  const location = useLocation();
  const navigate = useNavigate();
  const base = `/campaigns/campaign-configuration/${encodeURIComponent(campaignId)}`;
  const [step, ...deeper] = location.pathname
    .slice(base.length)
    .split('/')
    .filter((part) => part !== '');

  // The configuration index only redirects to contacts; it need not wait for the campaign.
  if (step === undefined) return <Outlet />;
  if (campaign.isPending) return <PageLoader />;
  if (campaign.isError) {
    // Another user's campaign, or one deleted meanwhile, answers 404.
    if (campaign.error instanceof ApiError && campaign.error.status === 404) {
      return <Navigate to="/404" replace />;
    }
    return <Text c="red">{campaign.error.message}</Text>;
  }

  return (
    <Stack gap="lg">
      <CampaignHeader campaign={campaign.data} base={base} />
      <Tabs value={step} onChange={(value) => value !== null && navigate(`${base}/${value}`)}>
        <Tabs.List aria-label="Campaign configuration">
          {tabs.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {step === 'contacts' && deeper.length === 0 && (
        <CampaignContactsPicker campaign={campaign.data} />
      )}
      <Outlet />
    </Stack>
  );
}

function CampaignHeader({ campaign, base }: { campaign: CampaignAnswer; base: string }) {
  const update = useUpdateCampaign();
  const active = campaign.status === 'active';

  const setStatus = (status: 'active' | 'paused') =>
    update.mutate(
      { id: campaign.id, update: { status } },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: errorMessage(error, failureMessages.mail, [400]),
          }),
      },
    );

  return (
    <Stack gap="sm" id={CAMPAIGN_HEADER_ID}>
      {/* The name gives way on a phone; Start and Pause keep their full width. */}
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" miw={0}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {campaign.name}
          </Title>
          <CampaignStatusBadge campaign={campaign} />
        </Group>
        {active ? (
          <Button
            variant="default"
            leftSection={<IconPlayerPause size={16} />}
            style={{ flexShrink: 0 }}
            loading={update.isPending}
            onClick={() => setStatus('paused')}
          >
            Pause
          </Button>
        ) : (
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            style={{ flexShrink: 0 }}
            disabled={!campaign.ready || campaign.ended}
            loading={update.isPending}
            onClick={() => setStatus('active')}
          >
            Start
          </Button>
        )}
      </Group>
      {campaign.status === 'paused' && campaign.paused_reason && (
        <Alert color="red" title="Paused to protect your mailboxes" role="status">
          {campaign.paused_reason}
        </Alert>
      )}
      {campaign.nothing_left && (
        <Alert color="blue" role="status">
          {campaignMessages.nothingLeft}
        </Alert>
      )}
      {!campaign.ready && campaign.missing.length > 0 && (
        <Alert color="yellow" title="Before this campaign can start, add:">
          <List size="sm" aria-label="Missing before start">
            {campaign.missing.map((name) => {
              const step = missingSteps[name];
              return (
                <List.Item key={name}>
                  {step ? (
                    <Anchor component={Link} to={step.to ?? `${base}/${step.tab}`} size="sm">
                      {step.text}
                    </Anchor>
                  ) : (
                    name
                  )}
                </List.Item>
              );
            })}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
