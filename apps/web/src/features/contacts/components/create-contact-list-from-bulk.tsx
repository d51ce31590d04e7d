import { ActionIcon, Tooltip } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useState } from 'react';
import { useCreateListFromBulk } from '../use-create-list-from-bulk.ts';
import { CreateContactListModal, createContactListLabel } from './create-contact-list-modal.tsx';

// product-spec §4 "List creation from bulk results": the name is checked, the found e-mails
// are fetched, contacts are created with the progress overlay, then the list, then its page.
// The bulk preview shows this only with the mail section and when results exist; `credits` is
// what the results still cost (0 once paid), shown before the list is created.
export function CreateContactListFromBulk({
  requestId,
  credits,
}: {
  requestId: string;
  credits: number;
}) {
  const [opened, setOpened] = useState(false);
  const creation = useCreateListFromBulk();

  return (
    <>
      <Tooltip label={createContactListLabel}>
        <ActionIcon
          variant="light"
          size="lg"
          aria-label={createContactListLabel}
          loading={creation.isCreating}
          onClick={() => setOpened(true)}
        >
          <IconAddressBook size={20} />
        </ActionIcon>
      </Tooltip>
      <CreateContactListModal
        opened={opened}
        onClose={() => setOpened(false)}
        onCreate={(name) => creation.createFromBulk(name, requestId)}
        percent={creation.percent}
        credits={credits}
      />
    </>
  );
}
