import type { ContactList } from '@mailhound/contracts';
import { Modal } from '@mantine/core';
import { useRenameContactList } from '../api/rename-contact-list.ts';
import { ListNameForm } from './list-name-form.tsx';

// product-spec §2: the rename modal is titled Contact List Name, with a counter out of 50.
export function RenameListModal({
  list,
  onClose,
}: {
  list: ContactList | null;
  onClose: () => void;
}) {
  const rename = useRenameContactList();
  return (
    <Modal opened={list !== null} onClose={onClose} title="Contact List Name" centered>
      {list !== null && (
        <ListNameForm
          defaultName={list.name}
          submitLabel="Save"
          onCancel={onClose}
          onSubmit={async (name) => {
            await rename.mutateAsync({ id: String(list.id), name });
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
