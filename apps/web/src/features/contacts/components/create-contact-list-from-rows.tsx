import type { ContactRow } from '@mailhound/contracts';
import { Button } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useState } from 'react';
import { useCreateContactList } from '../use-create-contact-list.ts';
import { CreateContactListModal, createContactListLabel } from './create-contact-list-modal.tsx';

// The bulk preview's list creation (product-spec §4) for rows the page already holds: the
// same modal, overlay and ending on /contacts/details/{id}; disabled without a row.
export function CreateContactListFromRows({
  rows,
  describedBy,
}: {
  rows: ContactRow[];
  describedBy?: string;
}) {
  const [opened, setOpened] = useState(false);
  const creation = useCreateContactList();

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconAddressBook size={16} />}
        disabled={rows.length === 0}
        aria-describedby={describedBy}
        loading={creation.isCreating}
        onClick={() => setOpened(true)}
      >
        {createContactListLabel}
      </Button>
      <CreateContactListModal
        opened={opened}
        onClose={() => setOpened(false)}
        onCreate={(name) => creation.create(name, rows)}
        percent={creation.percent}
      />
    </>
  );
}
