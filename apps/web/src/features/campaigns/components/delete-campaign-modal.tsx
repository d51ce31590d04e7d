import { type CampaignAnswer, failureMessages } from '@mailhound/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDeleteCampaign } from '../api/delete-campaign.ts';

export function DeleteCampaignModal({
  campaign,
  onClose,
}: {
  campaign: CampaignAnswer | null;
  onClose: () => void;
}) {
  const remove = useDeleteCampaign();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={campaign !== null} onClose={close} title="Delete Campaign" centered>
      {campaign !== null && (
        <Stack>
          <Text>Are you sure you want to delete the campaign {campaign.name}?</Text>
          {remove.isError && (
            <Text c="red" size="sm">
              {errorMessage(remove.error, failureMessages.mail)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(campaign.id, { onSuccess: close })}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
