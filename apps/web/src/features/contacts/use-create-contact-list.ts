import { bulkMessages, type ContactRow } from '@mailhound/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/api-error.ts';
import { createContactList } from './api/create-contact-list.ts';
import { getCreatedContacts, streamCreateContacts } from './api/create-contacts.ts';
import { contactListsKey } from './api/get-contact-lists.ts';

// product-spec §4 "List creation": contacts created with streamed progress, the EOF id gives
// the created contacts, the list is created with them, then its detail page opens.
export function useCreateContactList() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The overlay's percentage while the creation runs, null otherwise.
  const [percent, setPercent] = useState<number | null>(null);

  // The rows may still have to be fetched; the overlay shows from the start either way.
  async function create(
    name: string,
    source: ContactRow[] | (() => Promise<ContactRow[]>),
  ): Promise<void> {
    setPercent(0);
    try {
      const rows = typeof source === 'function' ? await source() : source;
      const operationId = await streamCreateContacts(rows, {
        onProgress: ({ done, total }) =>
          setPercent(total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : 0),
      });
      const created = await getCreatedContacts(operationId);
      const list = await createContactList(
        name,
        created.data.map((contact) => contact.id),
      );
      await queryClient.invalidateQueries({ queryKey: contactListsKey });
      notifications.show({ message: bulkMessages.listCreated, color: 'green' });
      navigate(`/contacts/details/${encodeURIComponent(String(list.id))}`);
    } catch (error) {
      // A name taken meanwhile keeps the server's words; anything else is the spec's fallback.
      notifications.show({
        message: errorMessage(error, bulkMessages.listCreationFailed, [409]),
        color: 'red',
      });
    } finally {
      setPercent(null);
    }
  }

  return { create, percent, isCreating: percent !== null };
}
