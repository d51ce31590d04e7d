import { type Webhook, webhookMessages } from '@mailhound/contracts';
import { Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';
import { useSendTestWebhook } from '../api/send-test-webhook.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { showFailure } from '../show-failure.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';

// One webhook: its URL, events and state, its actions and its last deliveries.
export function WebhookCard({ webhook }: { webhook: Webhook }) {
  const urlId = useId();
  const deliveriesId = useId();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const sendTest = useSendTestWebhook();
  const update = useUpdateWebhook();
  const deliveries = useWebhookDeliveries(webhook.id);

  const test = async () => {
    try {
      // The attempt is made while we wait: the answer says how the URL answered.
      const result = await sendTest.mutateAsync(webhook.id);
      notifications.show({ message: result.message, color: result.delivered ? 'green' : 'red' });
      setShowDeliveries(true);
    } catch (error) {
      showFailure(error);
    }
  };

  const toggle = () =>
    update.mutateAsync({ id: webhook.id, enabled: !webhook.enabled }).catch(showFailure);

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={urlId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text id={urlId} fw={600} style={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </Text>
          <Badge
            variant="light"
            color={webhook.enabled ? 'green' : 'gray'}
            style={{ flexShrink: 0 }}
          >
            {webhook.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </Group>
        {!webhook.enabled && (
          <Text size="sm" c={webhook.disabled_reason ? 'red.9' : 'dimmed'}>
            {webhook.disabled_reason ??
              'Turned off by you. Nothing is sent to it until you turn it on.'}
          </Text>
        )}
        <Group gap={6} aria-label="Events" role="list">
          {webhook.events.map((event) => (
            <Code key={event} role="listitem">
              {event}
            </Code>
          ))}
        </Group>
        <Group gap="xs">
          <Button size="xs" loading={sendTest.isPending} onClick={test}>
            Send test
          </Button>
          <Button size="xs" variant="default" loading={update.isPending} onClick={toggle}>
            {webhook.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-expanded={showDeliveries}
            aria-controls={deliveriesId}
            onClick={() => setShowDeliveries((shown) => !shown)}
          >
            {showDeliveries ? 'Hide deliveries' : 'Show deliveries'}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </Group>
        <div id={deliveriesId} hidden={!showDeliveries}>
          {showDeliveries && <WebhookDeliveries url={webhook.url} deliveries={deliveries} />}
        </div>
      </Stack>
      <DeleteWebhookModal webhook={webhook} opened={deleting} onClose={() => setDeleting(false)} />
    </Paper>
  );
}

function DeleteWebhookModal({
  webhook,
  opened,
  onClose,
}: {
  webhook: Webhook;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteWebhook();
  const confirm = async () => {
    try {
      await remove.mutateAsync(webhook.id);
      notifications.show({ message: webhookMessages.deleted, color: 'green' });
      onClose();
    } catch (error) {
      showFailure(error);
    }
  };
  return (
    <ConfirmModal
      opened={opened}
      title="Delete webhook"
      text={`Delete the webhook to ${webhook.url}? Nothing more is sent to it, and its deliveries are no longer shown.`}
      confirmLabel="Delete webhook"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
