import type { CampaignAnswer } from '@mailhound/contracts';
import { Modal } from '@mantine/core';
import { useUpdateCampaign } from '../api/update-campaign.ts';
import { CampaignNameForm } from './campaign-name-form.tsx';

export function RenameCampaignModal({
  campaign,
  onClose,
}: {
  campaign: CampaignAnswer | null;
  onClose: () => void;
}) {
  const update = useUpdateCampaign();
  return (
    <Modal opened={campaign !== null} onClose={onClose} title="Campaign Name" centered>
      {campaign !== null && (
        <CampaignNameForm
          defaultName={campaign.name}
          submitLabel="Save"
          onCancel={onClose}
          onSubmit={async (name) => {
            await update.mutateAsync({ id: campaign.id, update: { name } });
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
