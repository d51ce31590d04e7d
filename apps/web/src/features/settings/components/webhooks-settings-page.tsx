import { authMessages, WEBHOOK_SIGNATURE_HEADER, WEBHOOKS_MAX } from '@mailhound/contracts';
import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useWebhooks } from '../api/get-webhooks.ts';
import { type ShownOnce, ShownOnceModal } from './shown-once-modal.tsx';
import { WebhookCard } from './webhook-card.tsx';
import { WebhookCreateForm } from './webhook-create-form.tsx';

// Settings › Webhooks (issue 23): URLs that hear about finished jobs, replies, bounces,
// unsubscribes and paused campaigns, with a signed POST per event.
export function WebhooksSettingsPage() {
  const webhooks = useWebhooks();
  const [created, setCreated] = useState<ShownOnce | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const atLimit = (webhooks.data?.webhooks.length ?? 0) >= WEBHOOKS_MAX;

  return (
    <Page title="Webhooks">
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="add-webhook">
        <Stack gap="md">
          <Title order={2} size="h4" id="add-webhook">
            Add a webhook
          </Title>
          <WebhookCreateForm atLimit={atLimit} onCreated={setCreated} submitRef={addButton} />
        </Stack>
      </Paper>
      {webhooks.isPending ? (
        <PageLoader />
      ) : webhooks.isError ? (
        <Text c="red" role="alert">
          {errorMessage(webhooks.error, authMessages.genericRetry)}
        </Text>
      ) : webhooks.data.webhooks.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack gap={4} align="center">
            <Text fw={500}>No webhooks yet</Text>
            <Text size="sm" c="dimmed" ta="center">
              Add a URL above and choose its events; each event is then POSTed to it, signed.
            </Text>
          </Stack>
        </Paper>
      ) : (
        webhooks.data.webhooks.map((webhook) => <WebhookCard key={webhook.id} webhook={webhook} />)
      )}
      <SignatureNote />
      <ShownOnceModal secret={created} opener={addButton} onClose={() => setCreated(null)} />
    </Page>
  );
}

const verifyExample = `const match = /^t=(\\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
const valid =
  match !== null &&
  Math.abs(Date.now() / 1000 - Number(match[1])) < 300 &&
  timingSafeEqual(
    createHmac('sha256', secret).update(\`\${match[1]}.\${rawBody}\`).digest(),
    Buffer.from(match[2], 'hex'),
  );`;

function SignatureNote() {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="verify-signature">
      <Stack gap="xs">
        <Title order={2} size="h4" id="verify-signature">
          Verifying a delivery
        </Title>
        <Text size="sm">
          Each delivery is a POST with a <Code>{WEBHOOK_SIGNATURE_HEADER}</Code> header of the form{' '}
          <Code>t=…,v1=…</Code>: <Code>t</Code> is the time it was signed (Unix seconds) and{' '}
          <Code>v1</Code> the hex HMAC-SHA256, keyed with the webhook's signing secret, of{' '}
          <Code>t</Code>, a dot and the raw body (<Code>"t.body"</Code>).
        </Text>
        <Text size="sm">
          Compute it over the body exactly as received, compare in constant time, and refuse an old{' '}
          <Code>t</Code> so that a captured delivery cannot be replayed. A failed delivery is tried
          again with the same event id, so a receiver may see an event twice: skip an id it has
          seen.
        </Text>
        <Code block>{verifyExample}</Code>
      </Stack>
    </Paper>
  );
}
