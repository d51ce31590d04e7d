import { ActionIcon, Modal, Tooltip } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useState } from 'react';
import { checkListName } from '../api/check-list-name.ts';
import { useCreateListFromBulk } from '../use-create-list-from-bulk.ts';
import { ListCreationOverlay } from './list-creation-overlay.tsx';
import { ListNameForm } from './list-name-form.tsx';

const label = 'Create Contact List';

// product-spec §4 "List creation from bulk results": the name is checked, the found e-mails
// are fetched, contacts are created with the progress overlay, then the list, then its page.
// The bulk preview shows this only with the mail section and when results exist.
export function CreateContactListFromBulk({ requestId }: { requestId: string }) {
  const [opened, setOpened] = useState(false);
  const creation = useCreateListFromBulk();

  const start = async (name: string) => {
    await checkListName(name);
    setOpened(false);
    await creation.createFromBulk(name, requestId);
  };

  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="light"
          size="lg"
          aria-label={label}
          loading={creation.isCreating}
          onClick={() => setOpened(true)}
        >
          <IconAddressBook size={20} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title={label} centered>
        {opened && (
          <ListNameForm submitLabel="Create" onCancel={() => setOpened(false)} onSubmit={start} />
        )}
      </Modal>
      <ListCreationOverlay percent={creation.percent} />
    </>
  );
}
