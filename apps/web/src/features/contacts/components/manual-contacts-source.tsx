import { zodResolver } from '@hookform/resolvers/zod';
import type { ContactRow } from '@mailhound/contracts';
import { contactMessages, contactSchema } from '@mailhound/contracts';
import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';

// A contact is one per e-mail: a repeated e-mail is flagged on the later row.
const manualContactsSchema = z.object({
  contacts: z
    .array(contactSchema)
    .min(1)
    .superRefine((contacts, context) => {
      const seen = new Set<string>();
      contacts.forEach((contact, index) => {
        if (seen.has(contact.email)) {
          context.addIssue({
            code: 'custom',
            message: contactMessages.duplicateEmail,
            path: [index, 'email'],
          });
        }
        seen.add(contact.email);
      });
    }),
});
type ManualContacts = z.input<typeof manualContactsSchema>;

const emptyContact = { email: '', fname: '', lname: '' };

// Contacts typed by hand: e-mail, first and last name required, at most 50 each (§5 Contact).
export function ManualContactsSource({
  busy,
  onCreate,
}: {
  busy: boolean;
  onCreate: (rows: ContactRow[]) => Promise<void>;
}) {
  const form = useForm<ManualContacts, unknown, z.output<typeof manualContactsSchema>>({
    resolver: zodResolver(manualContactsSchema),
    mode: 'onChange',
    defaultValues: { contacts: [emptyContact] },
  });
  const contacts = useFieldArray({ control: form.control, name: 'contacts' });
  const errors = form.formState.errors.contacts;

  const submit = form.handleSubmit(async (values) => onCreate(values.contacts));

  return (
    <form onSubmit={submit} noValidate aria-label="Contacts">
      <Stack>
        {contacts.fields.map((field, index) => (
          <Group
            key={field.id}
            role="group"
            align="flex-start"
            wrap="nowrap"
            aria-label={`Contact ${index + 1}`}
          >
            <TextInput
              label="Email"
              required
              flex={2}
              error={errors?.[index]?.email?.message}
              {...form.register(`contacts.${index}.email`)}
            />
            <TextInput
              label="First Name"
              required
              flex={1}
              error={errors?.[index]?.fname?.message}
              {...form.register(`contacts.${index}.fname`)}
            />
            <TextInput
              label="Last Name"
              required
              flex={1}
              error={errors?.[index]?.lname?.message}
              {...form.register(`contacts.${index}.lname`)}
            />
            <ActionIcon
              mt={28}
              variant="subtle"
              color="red"
              aria-label={`Remove contact ${index + 1}`}
              disabled={contacts.fields.length === 1}
              onClick={() => contacts.remove(index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => contacts.append(emptyContact)}
          >
            Add Contact
          </Button>
          <Button type="submit" loading={busy}>
            Create List
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
