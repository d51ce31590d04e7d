import { Button, Group, Text } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { csvBlob } from '../../../shared/csv-text.ts';
import { saveFile } from '../../../shared/save-file.ts';
import { useCurrentUser } from '../../../shared/session/api/get-current-user.ts';
import { CreateContactListFromRows, foundContactRows } from '../../contacts/index.ts';
import { type FoundPerson, foundPeopleTable, withFoundEmail } from '../found-people.ts';

// A contact needs a first or last name (product-spec §5 "Bulk list creation rows").
const noNamedEmailHint = 'None of the found emails comes with a first or last name.';

// Taking found addresses away: Export CSV (built here; the addresses were paid when found, so
// no credit is spent) and, with the mail section, a new contact list of the people with an
// e-mail. `noEmailHint` says why both are disabled while no address has been found.
export function FoundPeopleActions({
  people,
  fileName,
  noEmailHint,
}: {
  people: readonly FoundPerson[];
  fileName: string;
  noEmailHint: string;
}) {
  const user = useCurrentUser();
  const hasMail = user.data?.properties.sections.includes('mail') ?? false;
  const found = useMemo(() => withFoundEmail(people), [people]);
  const rows = useMemo(() => foundContactRows(found), [found]);
  const hintId = useId();
  const hint =
    found.length === 0 ? noEmailHint : hasMail && rows.length === 0 ? noNamedEmailHint : null;

  return (
    <Group gap="sm">
      {hint !== null && (
        <Text id={hintId} size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      {hasMail && (
        <CreateContactListFromRows rows={rows} describedBy={hint === null ? undefined : hintId} />
      )}
      <Button
        variant="default"
        leftSection={<IconFileDownload size={16} />}
        disabled={found.length === 0}
        aria-describedby={found.length === 0 ? hintId : undefined}
        onClick={() => saveFile(csvBlob(foundPeopleTable(people)), fileName)}
      >
        Export CSV
      </Button>
    </Group>
  );
}
