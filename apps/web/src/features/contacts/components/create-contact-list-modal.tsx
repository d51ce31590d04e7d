import { Modal, Stack } from '@mantine/core';
import { SpendPrice } from '../../../shared/ui/spend-confirm.tsx';
import { checkListName } from '../api/check-list-name.ts';
import { ListCreationOverlay } from './list-creation-overlay.tsx';
import { ListNameForm } from './list-name-form.tsx';

export const createContactListLabel = 'Create Contact List';

// product-spec §2 "Bulk preview": the Create Contact List modal asking for a Name, and the
// progress overlay. The name is checked free first (a 409 stays under the field); the modal
// then closes and `onCreate` runs while the overlay shows `percent`. `credits`: what creating
// the list spends at most (the results it pays for), shown above the name when more than 0.
export function CreateContactListModal({
  opened,
  onClose,
  onCreate,
  percent,
  credits = 0,
}: {
  opened: boolean;
  onClose: () => void;
  onCreate: (name: string) => Promise<void>;
  percent: number | null;
  credits?: number;
}) {
  const start = async (name: string) => {
    await checkListName(name);
    onClose();
    await onCreate(name);
  };

  return (
    <>
      <Modal opened={opened} onClose={onClose} title={createContactListLabel} centered>
        {opened && (
          <Stack>
            {credits > 0 && <SpendPrice credits={credits} />}
            <ListNameForm submitLabel="Create" onCancel={onClose} onSubmit={start} />
          </Stack>
        )}
      </Modal>
      <ListCreationOverlay percent={percent} />
    </>
  );
}
