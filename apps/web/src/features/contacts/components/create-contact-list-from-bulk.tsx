import { ActionIcon, Modal, Tooltip } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import { checkListName } from '../api/check-list-name.ts';
import { getFoundEmailsCsv } from '../api/get-found-emails.ts';
import { toContactRows } from '../contact-rows.ts';
import { parseCsv } from '../csv-parse.ts';
import { useCreateContactList } from '../use-create-contact-list.ts';
import { ListCreationOverlay } from './list-creation-overlay.tsx';
import { ListNameForm } from './list-name-form.tsx';

const label = 'Create Contact List';

// product-spec §4 "List creation from bulk results": the name is checked, the found e-mails
// are fetched, contacts are created with the progress overlay, then the list, then its page.
// The bulk preview shows this only with the mail section and when results exist.
export function CreateContactListFromBulk({ requestId }: { requestId: string }) {
  const [opened, setOpened] = useState(false);
  const creation = useCreateContactList();
  const queryClient = useQueryClient();

  const start = async (name: string) => {
    await checkListName(name);
    setOpened(false);
    await creation.create(name, async () => {
      // §5: only rows with an e-mail and a first or last name; a parse error is a failure.
      const csv = await getFoundEmailsCsv(requestId);
      const { rows } = toContactRows(parseCsv(csv), { customColumns: false });
      if (rows.length === 0) throw new Error('No found e-mail comes with a name');
      return rows;
    });
    // The first read of an unpaid result is charged like a download.
    void queryClient.invalidateQueries({ queryKey: balanceKey });
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
