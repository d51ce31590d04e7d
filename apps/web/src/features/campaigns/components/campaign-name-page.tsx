import { Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { Page } from '../../../shared/ui/page.tsx';
import { useCreateCampaign } from '../api/create-campaign.ts';
import { CampaignNameForm } from './campaign-name-form.tsx';

// product-spec §2 "New campaign name": created paused, then its configuration opens.
export function CampaignNamePage() {
  const navigate = useNavigate();
  const create = useCreateCampaign();
  return (
    <Page title="New Campaign">
      <Paper withBorder p="lg" radius="md" maw={560}>
        <CampaignNameForm
          submitLabel="Continue"
          onCancel={() => navigate('/campaigns')}
          onSubmit={async (name) => {
            const campaign = await create.mutateAsync({ name, status: 'paused' });
            navigate(`/campaigns/campaign-configuration/${encodeURIComponent(campaign.id)}`);
          }}
        />
      </Paper>
    </Page>
  );
}
