import { type CampaignAnswer, failureMessages } from '@mailhound/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDeleteCampaign } from '../api/delete-campaign.ts';

// What a delete takes with it (the server's deleteCampaign: the campaign row, and through its
// foreign keys the sends, the contacts' progress and its mailboxes; Unibox threads and
// unsubscribes only lose the link), said before an active campaign is deleted mid-sending.
const sendingNowWarning =
  'This campaign is sending now. Deleting it stops its sending and deletes its sends and their analytics for good; replies stay in the Unibox.';

function isSending(campaign: CampaignAnswer): boolean {
  return campaign.status === 'active' && !campaign.ended;
}

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
          {isSending(campaign) && (
            <Text role="alert" c="red" fw={500}>
              {sendingNowWarning}
            </Text>
          )}
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
