import { zodResolver } from '@hookform/resolvers/zod';
import { type CustomerNote, NOTE_MAX, type Note, noteSchema } from '@mailhound/contracts';
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { formatDay } from '../../../shared/ui/dates.ts';
import { useAddContactNote } from '../../contacts/index.ts';
import { threadKey } from '../api/get-thread.ts';
import { uniboxTexts } from '../unibox-messages.ts';

// The lead's contact notes, newest first as the thread answer gives them, and a form that adds
// one (product-spec §5 Note: required, at most 2000 characters).
export function LeadNotes({
  threadId,
  customerId,
  notes,
}: {
  threadId: string;
  customerId: string;
  notes: CustomerNote[];
}) {
  const queryClient = useQueryClient();
  const addNote = useAddContactNote();
  const form = useForm<Note>({
    resolver: zodResolver(noteSchema),
    mode: 'onChange',
    defaultValues: { text: '' },
  });

  const submit = form.handleSubmit(async ({ text }) => {
    try {
      await addNote.mutateAsync({ id: customerId, text });
      form.reset({ text: '' });
      await queryClient.invalidateQueries({ queryKey: threadKey(threadId) });
    } catch {
      notifications.show({ message: uniboxTexts.failed, color: 'red' });
    }
  });

  return (
    <Stack component="section" aria-label="Notes" gap="sm">
      <Title order={3} size="h5">
        Notes
      </Title>
      <form onSubmit={submit} noValidate aria-label="Add note">
        <Stack gap="xs">
          <Textarea
            label="Note"
            rows={3}
            description={`${form.watch('text').length}/${NOTE_MAX}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={form.formState.errors.text?.message}
            {...form.register('text')}
          />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={addNote.isPending}>
              Add Note
            </Button>
          </Group>
        </Stack>
      </form>
      {notes.length === 0 ? (
        <Text c="dimmed" size="sm">
          No notes yet.
        </Text>
      ) : (
        notes.map((note) => (
          <Paper key={note.id} withBorder p="sm" radius="sm">
            <Text size="xs" c="dimmed">
              {formatDay(note.created)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.text}
            </Text>
          </Paper>
        ))
      )}
    </Stack>
  );
}
