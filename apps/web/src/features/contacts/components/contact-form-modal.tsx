import { zodResolver } from '@hookform/resolvers/zod';
import {
  bulkMessages,
  type CustomerAnswer,
  contactMessages,
  contactSchema,
  customColumnValueSchema,
  SEARCH_KEY_MAX,
} from '@mailhound/contracts';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { streamCreateContacts } from '../api/create-contacts.ts';
import { listContactsKey, searchListContacts } from '../api/get-list-contacts.ts';
import { useUpdateContact } from '../api/update-contact.ts';

// product-spec §5 Contact: e-mail, first and last name required ≤ 50; custom values ≤ 50.
const contactFormSchema = contactSchema.extend({
  additional_fields: z.record(z.string(), customColumnValueSchema),
});
type ContactFormValues = z.infer<typeof contactFormSchema>;

type Editing = { mode: 'add' } | { mode: 'edit'; contact: CustomerAnswer } | null;

export function ContactFormModal({
  groupId,
  columns,
  editing,
  onClose,
}: {
  groupId: string;
  columns: string[];
  editing: Editing;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing?.mode === 'edit' ? 'Edit Contact' : 'Add Contact'}
      centered
    >
      {editing !== null && (
        <ContactForm
          groupId={groupId}
          columns={columns}
          contact={editing.mode === 'edit' ? editing.contact : null}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ContactForm({
  groupId,
  columns,
  contact,
  onClose,
}: {
  groupId: string;
  columns: string[];
  contact: CustomerAnswer | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const update = useUpdateContact();
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    mode: 'onChange',
    defaultValues: {
      email: contact?.email ?? '',
      fname: contact?.fname ?? '',
      lname: contact?.lname ?? '',
      additional_fields: Object.fromEntries(
        columns.map((column) => [column, contact?.additional_fields[column] ?? '']),
      ),
    },
  });
  const { errors } = form.formState;
  // Add mode: the address the user was told is in the list already; saving it again updates
  // that contact. Another address asks again.
  const [existing, setExisting] = useState<string | null>(null);
  const email = form.watch('email').trim().toLowerCase();
  const confirmingUpdate = contact === null && existing !== null && existing === email;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (contact === null && !confirmingUpdate && (await inList(groupId, values.email))) {
        setExisting(values.email.trim().toLowerCase());
        return;
      }
      if (contact === null) {
        // A contact added by hand joins this list through the same upsert as an import.
        const fields = Object.fromEntries(
          Object.entries(values.additional_fields).filter(([, value]) => value !== ''),
        );
        await streamCreateContacts(
          [{ ...fields, email: values.email, fname: values.fname, lname: values.lname }],
          { groupId },
        );
      } else {
        await update.mutateAsync({ id: String(contact.id), update: values });
      }
      await queryClient.invalidateQueries({ queryKey: listContactsKey(groupId) });
      notifications.show({
        message:
          contact === null && !confirmingUpdate
            ? contactMessages.contactAdded
            : contactMessages.contactUpdated,
        color: 'green',
      });
      onClose();
    } catch (error) {
      notifications.show({
        message: errorMessage(error, bulkMessages.listCreationFailed, [400, 409]),
        color: 'red',
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Contact">
      <Stack>
        <TextInput
          label="Email"
          required
          data-autofocus
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput
          label="First Name"
          required
          error={errors.fname?.message}
          {...form.register('fname')}
        />
        <TextInput
          label="Last Name"
          required
          error={errors.lname?.message}
          {...form.register('lname')}
        />
        {columns.map((column) => (
          <TextInput
            key={column}
            label={column}
            error={errors.additional_fields?.[column]?.message}
            {...form.register(`additional_fields.${column}`)}
          />
        ))}
        {confirmingUpdate && (
          <Alert color="yellow" role="alert">
            {contactMessages.alreadyInList} Update it with these names and values, or change the
            e-mail.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {confirmingUpdate ? contactMessages.updateExisting : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// Whether the list holds a contact with this e-mail, asked through the list's search: its key
// matches a part of an address and is at most SEARCH_KEY_MAX long, so the answer is checked
// for the whole address.
async function inList(groupId: string, email: string): Promise<boolean> {
  const wanted = email.trim().toLowerCase();
  const found = await searchListContacts(groupId, wanted.slice(0, SEARCH_KEY_MAX), 1);
  return found.customers.some((customer) => customer.email.toLowerCase() === wanted);
}
