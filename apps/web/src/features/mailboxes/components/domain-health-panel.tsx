import {
  failureMessages,
  type HealthCheck,
  healthCheckNames,
  healthCheckRequestSchema,
  type MailboxHealth,
} from '@mailhound/contracts';
import { Alert, Button, Code, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDateTime } from '../../../shared/ui/dates.ts';
import { useCheckMailboxHealth } from '../api/check-mailbox-health.ts';
import { useMailboxHealth } from '../api/get-mailbox-health.ts';
import { HealthBadge } from './health-badge.tsx';

const selectorSchema = healthCheckRequestSchema.shape.dkim_selector;

function CheckRow({ check }: { check: HealthCheck }) {
  return (
    <Stack gap={4} role="listitem" aria-label={healthCheckNames[check.check]}>
      <Group gap="xs">
        <Text fw={600} size="sm">
          {healthCheckNames[check.check]}
        </Text>
        <HealthBadge state={check.state} />
      </Group>
      {check.found && (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          Found: {check.found}
        </Text>
      )}
      {check.problem && <Text size="sm">{check.problem}</Text>}
      {check.fix && (
        <Stack gap={2}>
          <Text size="xs">
            Add this {check.fix.type} record at <Code>{check.fix.name}</Code>:
          </Text>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {check.fix.value}
          </Code>
        </Stack>
      )}
    </Stack>
  );
}

function HealthDetails({ mailboxId, health }: { mailboxId: string; health: MailboxHealth }) {
  const check = useCheckMailboxHealth(mailboxId);
  const [selector, setSelector] = useState(health.dkim_selector ?? '');
  const parsed = selectorSchema.safeParse(selector);
  const selectorError = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm">
          {health.domain}: <HealthBadge state={health.state} />
        </Text>
        {health.checked && (
          <Text size="xs" c="dimmed">
            checked {formatDateTime(health.checked)}
          </Text>
        )}
      </Group>
      {health.checked === null ? (
        <Group gap="xs">
          <Loader size="xs" aria-label="Checking the domain" />
          <Text size="sm" c="dimmed">
            The domain's DNS is being checked.
          </Text>
        </Group>
      ) : (
        <Stack gap="md" role="list" aria-label="Health checks">
          {health.checks.map((item) => (
            <CheckRow key={item.check} check={item} />
          ))}
        </Stack>
      )}
      <Group align="flex-end">
        <TextInput
          label="DKIM selector"
          description="Empty: the common ones are tried"
          value={selector}
          onChange={(event) => setSelector(event.currentTarget.value)}
          error={selectorError}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          loading={check.isPending}
          disabled={selectorError !== null}
          onClick={() => check.mutate({ dkim_selector: selector.trim() })}
        >
          Check Again
        </Button>
      </Group>
      {check.isError && (
        <Alert color="red">{errorMessage(check.error, failureMessages.mail, [400])}</Alert>
      )}
    </Stack>
  );
}

// The mailbox dialog's sender-domain health (issue 25): each check, what is missing and the
// record to add, and a check again with a named DKIM selector.
export function DomainHealthPanel({ mailboxId }: { mailboxId: string }) {
  const health = useMailboxHealth(mailboxId);
  if (health.isPending) return <Loader size="sm" aria-label="Loading the domain health" />;
  if (health.isError) return <Text c="red">{health.error.message}</Text>;
  return <HealthDetails mailboxId={mailboxId} health={health.data} />;
}
