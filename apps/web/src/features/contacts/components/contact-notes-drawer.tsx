import { zodResolver } from '@hookform/resolvers/zod';
import {
  bulkMessages,
  type CustomerAnswer,
  NOTE_MAX,
  type Note,
  noteSchema,
} from '@mailhound/contracts';
import {
  Button,
  Divider,
  Drawer,
  Group,
  Paper,
  Stack,
  TagsInput,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDay } from '../../../shared/ui/dates.ts';
import { useAddContactNote } from '../api/add-contact-note.ts';
import { useContact } from '../api/get-contact.ts';
import { useTags } from '../api/get-tags.ts';
import { useSaveContactTags } from '../api/save-contact-tags.ts';

// A contact's tags and notes (product-spec §3 Contact; note required, at most 2000).
export function ContactNotesDrawer({
  contact,
  onClose,
}: {
  contact: CustomerAnswer | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={contact !== null}
      onClose={onClose}
      position="right"
      title={contact === null ? '' : contact.email}
    >
      {contact !== null && <ContactNotes key={String(contact.id)} initial={contact} />}
    </Drawer>
  );
}

function ContactNotes({ initial }: { initial: CustomerAnswer }) {
  const id = String(initial.id);
  const detail = useContact(id);
  const contact = detail.data ?? initial;
  const tags = useTags();
  const saveTags = useSaveContactTags();
  const addNote = useAddContactNote();
  const [tagValues, setTagValues] = useState<string[]>(initial.tags);
  const form = useForm<Note>({
    resolver: zodResolver(noteSchema),
    mode: 'onChange',
    defaultValues: { text: '' },
  });

  const failed = () =>
    notifications.show({ message: bulkMessages.listCreationFailed, color: 'red' });

  const submitNote = form.handleSubmit(async ({ text }) => {
    try {
      await addNote.mutateAsync({ id, text });
      form.reset({ text: '' });
    } catch {
      failed();
    }
  });

  return (
    <Stack>
      <TagsInput
        label="Tags"
        data={tags.data?.map((tag) => tag.name) ?? []}
        value={tagValues}
        onChange={setTagValues}
        clearable
      />
      <Button
        w="fit-content"
        variant="light"
        loading={saveTags.isPending}
        onClick={() => saveTags.mutate({ id, tags: tagValues }, { onError: failed })}
      >
        Save Tags
      </Button>
      <Divider label="Notes" labelPosition="left" />
      <form onSubmit={submitNote} noValidate aria-label="Add note">
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
            <Button type="submit" loading={addNote.isPending}>
              Add Note
            </Button>
          </Group>
        </Stack>
      </form>
      {contact.notes.length === 0 ? (
        <Text c="dimmed" size="sm">
          No notes yet.
        </Text>
      ) : (
        contact.notes.map((note) => (
          <Paper key={String(note.id)} withBorder p="sm" radius="sm">
            <Text size="xs" c="dimmed">
              {formatDay(note.created)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {note.text}
            </Text>
          </Paper>
        ))
      )}
    </Stack>
  );
}
