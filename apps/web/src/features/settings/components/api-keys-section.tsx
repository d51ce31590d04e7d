import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_KEYS_MAX,
  type ApiKey,
  apiKeyCreateSchema,
  apiKeyMessages,
  authMessages,
} from '@mailhound/contracts';
import {
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type RefObject, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { formatDateTime, formatDay } from '../../../shared/ui/dates.ts';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { showFailure } from '../show-failure.ts';
import { type ShownOnce, ShownOnceModal } from './shown-once-modal.tsx';

export function ApiKeysSection() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<ShownOnce | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const atLimit = (keys.data?.keys.length ?? 0) >= API_KEYS_MAX;

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="api-keys">
      <Stack gap="md">
        <Title order={2} size="h4" id="api-keys">
          API keys
        </Title>
        <CreateApiKeyForm atLimit={atLimit} onCreated={setCreated} submitRef={createButton} />
        {keys.isPending ? (
          <PageLoader />
        ) : keys.isError ? (
          <Text c="red" role="alert">
            {errorMessage(keys.error, authMessages.genericRetry)}
          </Text>
        ) : keys.data.keys.length === 0 ? (
          <Stack gap={4} py="md" align="center">
            <Text fw={500}>No API keys yet</Text>
            <Text size="sm" c="dimmed" ta="center">
              Name a key above and create it to call the API from your own tools.
            </Text>
          </Stack>
        ) : (
          <ApiKeysTable keys={keys.data.keys} onRevoke={setRevoking} />
        )}
      </Stack>
      <ShownOnceModal secret={created} opener={createButton} onClose={() => setCreated(null)} />
      <RevokeApiKeyModal apiKey={revoking} onClose={() => setRevoking(null)} />
    </Paper>
  );
}

function CreateApiKeyForm({
  atLimit,
  onCreated,
  submitRef,
}: {
  atLimit: boolean;
  onCreated: (secret: ShownOnce) => void;
  submitRef: RefObject<HTMLButtonElement | null>;
}) {
  const create = useCreateApiKey();
  const form = useForm({
    resolver: zodResolver(apiKeyCreateSchema),
    mode: 'all',
    defaultValues: { name: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const key = await create.mutateAsync(values);
      form.reset({ name: '' });
      onCreated({
        title: `API key “${key.name}”`,
        message: apiKeyMessages.created,
        label: 'API key',
        copyLabel: 'Copy API key',
        value: key.key,
      });
    } catch (error) {
      showFailure(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create an API key">
      <Stack gap="xs">
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Key name"
            placeholder="CRM sync"
            required
            w={320}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Button
            ref={submitRef}
            type="submit"
            mt={25}
            loading={create.isPending}
            disabled={atLimit}
          >
            Create key
          </Button>
        </Group>
        {atLimit && (
          <Text size="sm" c="dimmed">
            {apiKeyMessages.tooMany}
          </Text>
        )}
      </Stack>
    </form>
  );
}

function ApiKeysTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="API keys" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Requests this period</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>{key.name}</Table.Td>
              <Table.Td ff="monospace">{key.prefix}…</Table.Td>
              <Table.Td>{formatDay(key.created)}</Table.Td>
              <Table.Td>
                {key.last_used === null ? 'Never' : formatDateTime(key.last_used)}
              </Table.Td>
              <Table.Td>{key.requests_this_period}</Table.Td>
              <Table.Td>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  aria-label={`Revoke ${key.name}`}
                  onClick={() => onRevoke(key)}
                >
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RevokeApiKeyModal({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const confirm = async () => {
    if (apiKey === null) return;
    try {
      await revoke.mutateAsync(apiKey.id);
      notifications.show({ message: apiKeyMessages.revoked, color: 'green' });
      onClose();
    } catch (error) {
      showFailure(error);
    }
  };
  return (
    <ConfirmModal
      opened={apiKey !== null}
      title="Revoke API key"
      text={`Revoke “${apiKey?.name ?? ''}”? Every call made with it is refused from now on. This cannot be undone.`}
      confirmLabel="Revoke key"
      pending={revoke.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
