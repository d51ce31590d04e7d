import {
  bulkMessages,
  CONTACT_LIST_SEARCH_DEBOUNCE_MS,
  type ContactList,
  contactMessages,
} from '@mailhound/contracts';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { searchKey } from '../../../shared/ui/search-key.tsx';
import { useCopyListContacts } from '../api/copy-list-contacts.ts';
import { useContactLists } from '../api/get-contact-lists.ts';

type Outcome = { added: number; already: number; list: ContactList };

// Snov.io's "Copy to list": the selected contacts join another list and stay on this one.
// Contacts already on the target list are not added twice; the outcome says how many were.
export function CopyToListModal({
  sourceGroupId,
  customerIds,
  opened,
  onClose,
  onCopied,
}: {
  sourceGroupId: string;
  customerIds: string[];
  opened: boolean;
  onClose: () => void;
  onCopied: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Copy to List" centered>
      {opened && (
        <CopyToListForm
          sourceGroupId={sourceGroupId}
          customerIds={customerIds}
          onClose={onClose}
          onCopied={onCopied}
        />
      )}
    </Modal>
  );
}

function CopyToListForm({
  sourceGroupId,
  customerIds,
  onClose,
  onCopied,
}: {
  sourceGroupId: string;
  customerIds: string[];
  onClose: () => void;
  onCopied: () => void;
}) {
  const [picked, setPicked] = useState<ContactList | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, CONTACT_LIST_SEARCH_DEBOUNCE_MS);
  // The field shows the picked list's name once chosen: that is not a search.
  const key = debounced === picked?.name ? '' : searchKey(debounced);
  const lists = useContactLists({ page: 1, key, order: null });
  const copy = useCopyListContacts();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const targets = (lists.data?.groups ?? []).filter((list) => String(list.id) !== sourceGroupId);
  // The picked list stays choosable while the search shows others.
  if (picked !== null && !targets.some((list) => String(list.id) === String(picked.id))) {
    targets.unshift(picked);
  }
  const count = customerIds.length;

  const submit = async () => {
    if (picked === null) return;
    try {
      const { copied } = await copy.mutateAsync({ customerIds, groupId: String(picked.id) });
      setOutcome({ added: copied, already: Math.max(count - copied, 0), list: picked });
      onCopied();
    } catch {
      // The error shows under the picker (copy.error).
    }
  };

  if (outcome !== null) {
    return (
      <Stack>
        <Text role="status">
          {contactMessages.copiedToList(outcome.added, outcome.already, outcome.list.name)}
        </Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            component={Link}
            to={`/contacts/details/${encodeURIComponent(String(outcome.list.id))}`}
            onClick={onClose}
          >
            Open List
          </Button>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack>
      <Text>
        Copy {count} selected contact{count === 1 ? '' : 's'} to another list. They stay on this
        one.
      </Text>
      <Select
        label="Contact list"
        placeholder="Pick a contact list"
        data-autofocus
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={targets.map((list) => ({ value: String(list.id), label: list.name }))}
        value={picked === null ? null : String(picked.id)}
        onChange={(value) => {
          copy.reset();
          setPicked(targets.find((list) => String(list.id) === value) ?? null);
        }}
        nothingFoundMessage={
          lists.isFetching
            ? 'Searching…'
            : key === ''
              ? 'You have no other contact list yet'
              : 'No contact lists found'
        }
        error={
          copy.isError
            ? errorMessage(copy.error, bulkMessages.listCreationFailed, [400, 404])
            : undefined
        }
      />
      {picked?.campaign_id != null && (
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />}>
          {contactMessages.listHasCampaign(picked.campaign_name ?? String(picked.campaign_id))}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} loading={copy.isPending} disabled={picked === null}>
          Copy
        </Button>
      </Group>
    </Stack>
  );
}
