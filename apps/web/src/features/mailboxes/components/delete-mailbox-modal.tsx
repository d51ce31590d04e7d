import { failureMessages, type MailboxAnswer, type MailboxCampaign } from '@mailhound/contracts';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDeleteMailbox } from '../api/delete-mailbox.ts';
import { useMailboxCampaigns } from '../api/get-mailbox-campaigns.ts';

const names = new Intl.ListFormat('en', { type: 'conjunction' });

function usedBy(campaigns: MailboxCampaign[]): string {
  const noun = campaigns.length === 1 ? 'campaign' : 'campaigns';
  return `Used by ${campaigns.length} ${noun}: ${campaigns.map((campaign) => campaign.name).join(', ')}.`;
}

// The server pauses an active campaign left without an active mailbox (product-spec §4).
function willBePaused(campaigns: MailboxCampaign[]): string | null {
  const paused = campaigns.filter(
    (campaign) => campaign.status === 'active' && campaign.left_without_mailbox,
  );
  if (paused.length === 0) return null;
  const verb = paused.length === 1 ? 'has' : 'have';
  return `${names.format(paused.map((campaign) => campaign.name))} ${verb} no other mailbox and will be paused.`;
}

export function DeleteMailboxModal({
  mailbox,
  onClose,
  onDeleted,
}: {
  mailbox: MailboxAnswer | null;
  onClose: () => void;
  // After the deletion: the row that opened the dialog is gone, so the page says where the
  // focus goes.
  onDeleted: () => void;
}) {
  const remove = useDeleteMailbox();
  // Without an answer (an error) the confirmation stays the plain one.
  const usage = useMailboxCampaigns(mailbox === null ? null : String(mailbox.id));
  const campaigns = usage.data ?? [];
  const pauseNotice = willBePaused(campaigns);
  const confirm = async () => {
    if (mailbox === null) return;
    try {
      await remove.mutateAsync(String(mailbox.id));
      onClose();
      onDeleted();
    } catch (error) {
      notifications.show({
        message: errorMessage(error, failureMessages.mail),
        color: 'red',
      });
    }
  };
  return (
    <Modal
      opened={mailbox !== null}
      onClose={onClose}
      title="Delete Mailbox"
      centered
      // The menu item that opened it is gone after a deletion: onDeleted places the focus.
      returnFocus={false}
    >
      <Stack>
        <Text>Are you sure you want to delete the mailbox {mailbox?.email}?</Text>
        {campaigns.length > 0 && (
          <Alert color="yellow" variant="light">
            <Stack gap={4}>
              <Text size="sm">{usedBy(campaigns)}</Text>
              {pauseNotice && <Text size="sm">{pauseNotice}</Text>}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {/* Waits for the campaigns, so that nobody deletes before reading the notice. */}
          <Button color="red" loading={remove.isPending || usage.isPending} onClick={confirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
