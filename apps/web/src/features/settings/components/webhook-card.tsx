import { type Webhook, webhookMessages } from '@mailhound/contracts';
import { Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useId, useState } from 'react';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';
import { useSendTestWebhook } from '../api/send-test-webhook.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { showFailure } from '../show-failure.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';

// How long the page watches for a test's delivery before it leaves the list as it is.
const TEST_WATCH_MS = 30_000;

// One webhook: its URL, events and state, its actions and its last deliveries.
export function WebhookCard({ webhook }: { webhook: Webhook }) {
  const urlId = useId();
  const deliveriesId = useId();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const sendTest = useSendTestWebhook();
  const update = useUpdateWebhook();
  // The deliveries known when a test was sent: the page watches until a new test delivery comes.
  const [awaitingTest, setAwaitingTest] = useState<Set<string> | null>(null);
  const deliveries = useWebhookDeliveries(webhook.id, awaitingTest !== null);
  const arrived =
    awaitingTest !== null &&
    (deliveries.data?.deliveries ?? []).some(
      (delivery) => delivery.event === 'webhook.test' && !awaitingTest.has(delivery.id),
    );

  useEffect(() => {
    if (awaitingTest === null) return;
    if (arrived) {
      setAwaitingTest(null);
      return;
    }
    const stop = setTimeout(() => setAwaitingTest(null), TEST_WATCH_MS);
    return () => clearTimeout(stop);
  }, [awaitingTest, arrived]);

  const test = async () => {
    const known = new Set((deliveries.data?.deliveries ?? []).map((delivery) => delivery.id));
    try {
      await sendTest.mutateAsync(webhook.id);
      notifications.show({ message: webhookMessages.testSent, color: 'green' });
      setShowDeliveries(true);
      setAwaitingTest(known);
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
