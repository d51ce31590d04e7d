import { type EmailTemplate, failureMessages } from '@mailhound/contracts';
import { ActionIcon, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useDeleteEmailTemplate } from '../api/delete-email-template.ts';
import { getEmailTemplate } from '../api/get-email-template.ts';
import { useEmailTemplates } from '../api/get-email-templates.ts';

const failed = failureMessages.mail;

// The saved templates: Load copies one's subject and body into the step, Delete removes it.
export function LoadTemplateModal({
  opened,
  onClose,
  onLoad,
}: {
  opened: boolean;
  onClose: () => void;
  onLoad: (template: EmailTemplate) => void;
}) {
  const templates = useEmailTemplates(opened);
  const deletion = useDeleteEmailTemplate();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (id: string, action: () => Promise<void>) => {
    setBusy(id);
    try {
      await action();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, failed, [400, 404]) });
    } finally {
      setBusy(null);
    }
  };

  const load = (id: string) => run(id, async () => onLoad(await getEmailTemplate(id)));
  const remove = (id: string) =>
    run(id, async () => {
      await deletion.mutateAsync(id);
    });

  return (
    <Modal opened={opened} onClose={onClose} title="Templates" centered size="lg">
      {templates.isPending ? (
        <PageLoader />
      ) : templates.isError ? (
        <Text c="red">{templates.error.message}</Text>
      ) : templates.data.length === 0 ? (
        <Text c="dimmed">No templates saved yet.</Text>
      ) : (
        <Stack>
          <Table aria-label="Templates">
            <Table.Tbody>
              {templates.data.map((template) => (
                <Table.Tr key={template.id}>
                  <Table.Td>
                    <Text fw={600}>{template.name}</Text>
                    <Text size="sm" c="dimmed">
                      {template.subject}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        loading={busy === template.id}
                        onClick={() => void load(template.id)}
                        aria-label={`Load ${template.name}`}
                      >
                        Load
                      </Button>
                      <ActionIcon
                        color="red"
                        variant="subtle"
                        disabled={busy === template.id}
                        onClick={() => void remove(template.id)}
                        aria-label={`Delete ${template.name}`}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Modal>
  );
}
