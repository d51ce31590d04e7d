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
import { useMergedRef } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type RefObject, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { formatDateTime, formatDay } from '../../../shared/ui/dates.ts';
import { useFocusAfterRemoval } from '../../../shared/ui/focus-after-removal.ts';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { showFailure } from '../show-failure.ts';
import { type ShownOnce, ShownOnceModal } from './shown-once-modal.tsx';

export function ApiKeysSection() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<ShownOnce | null>(null);
  const [revoking, setRevoking] = useState<{ key: ApiKey; row: number } | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const atLimit = (keys.data?.keys.length ?? 0) >= API_KEYS_MAX;
  // After a revoke the focus stays in the table, as the do-not-email list's delete does: on the
  // Revoke button of the row now in the revoked one's place (or of the last row), or on the key
  // name field when no key is left.
  const nameField = useRef<HTMLInputElement>(null);
  const { focusAfterRemoval, buttonRef } = useFocusAfterRemoval(keys.data?.keys, nameField);

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="api-keys">
      <Stack gap="md">
        <Title order={2} size="h4" id="api-keys">
          API keys
        </Title>
        <CreateApiKeyForm
          atLimit={atLimit}
          onCreated={setCreated}
          submitRef={createButton}
          nameRef={nameField}
        />
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
          <ApiKeysTable
            keys={keys.data.keys}
            onRevoke={(key, row) => setRevoking({ key, row })}
            buttonRef={buttonRef}
          />
        )}
      </Stack>
      <ShownOnceModal secret={created} opener={createButton} onClose={() => setCreated(null)} />
      <RevokeApiKeyModal
        apiKey={revoking?.key ?? null}
        onRevoked={() => focusAfterRemoval(revoking?.row ?? null)}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}

function CreateApiKeyForm({
  atLimit,
  onCreated,
  submitRef,
  nameRef,
}: {
  atLimit: boolean;
  onCreated: (secret: ShownOnce) => void;
  submitRef: RefObject<HTMLButtonElement | null>;
  nameRef: RefObject<HTMLInputElement | null>;
}) {
  const create = useCreateApiKey();
  const form = useForm({
    resolver: zodResolver(apiKeyCreateSchema),
    mode: 'all',
    defaultValues: { name: '' },
  });
  const { errors } = form.formState;
  const nameField = form.register('name');
  const mergedNameRef = useMergedRef(nameField.ref, nameRef);

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
            {...nameField}
            ref={mergedNameRef}
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

function ApiKeysTable({
  keys,
  onRevoke,
  buttonRef,
}: {
  keys: ApiKey[];
  onRevoke: (key: ApiKey, row: number) => void;
  buttonRef: (id: string) => (button: HTMLElement | null) => void;
}) {
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
          {keys.map((key, row) => (
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
                  ref={buttonRef(key.id)}
                  onClick={() => onRevoke(key, row)}
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

function RevokeApiKeyModal({
  apiKey,
  onRevoked,
  onClose,
}: {
  apiKey: ApiKey | null;
  onRevoked: () => void;
  onClose: () => void;
}) {
  const revoke = useRevokeApiKey();
  const confirm = async () => {
    if (apiKey === null) return;
    try {
      await revoke.mutateAsync(apiKey.id);
      notifications.show({ message: apiKeyMessages.revoked, color: 'green' });
      onRevoked();
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
