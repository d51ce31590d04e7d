import {
  PAGE_SIZE,
  SUPPRESSION_UPLOAD_MAX_BYTES,
  type SuppressionAddAnswer,
  type SuppressionEntry,
  suppressionLines,
  suppressionMessages,
  suppressionSourceLabels,
} from '@mailhound/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { formatDay } from '../../../shared/ui/dates.ts';
import { FileDropZone } from '../../../shared/ui/file-drop-zone.tsx';
import { useFocusAfterRemoval } from '../../../shared/ui/focus-after-removal.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { PagingFooter } from '../../../shared/ui/paging-footer.tsx';
import { SearchKeyInput, useSearchedPage, useSearchKey } from '../../../shared/ui/search-key.tsx';
import { useAddSuppressions } from '../api/add-suppressions.ts';
import { useDeleteSuppression } from '../api/delete-suppression.ts';
import { useSuppressions } from '../api/get-suppressions.ts';
import { useUploadSuppressions } from '../api/upload-suppressions.ts';

const failed = 'The do-not-email list could not be changed. Please try again.';

function addedMessage({ added, already }: SuppressionAddAnswer): string {
  const entries = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;
  return already > 0
    ? `Added ${entries(added)}; ${entries(already)} already on the list.`
    : `Added ${entries(added)}.`;
}

// Settings › Do-not-email (issue 25): addresses and whole domains no campaign writes to.
export function SuppressionPage() {
  return (
    <Page title="Do-not-email">
      <Stack gap="lg">
        <Text c="dimmed" maw={720}>
          No campaign ever e-mails an address on this list, or any address at a domain on it.
          Unsubscribes and bounces are added automatically.
        </Text>
        <Group align="stretch" grow wrap="wrap">
          <AddByHand />
          <UploadList />
        </Group>
        <SuppressionTable />
      </Stack>
    </Page>
  );
}

function AddByHand() {
  const [text, setText] = useState('');
  const add = useAddSuppressions();
  const { entries, invalid } = suppressionLines(text);
  const problem = invalid.length > 0 ? suppressionMessages.invalidEntries(invalid) : null;
  const submit = async () => {
    if (problem !== null || entries.length === 0) return;
    try {
      const answer = await add.mutateAsync(entries);
      setText('');
      notifications.show({ message: addedMessage(answer), color: 'green' });
    } catch (error) {
      notifications.show({ message: errorMessage(error, failed, [400]), color: 'red' });
    }
  };
  return (
    <Paper withBorder p="lg" radius="md" miw={320}>
      <form
        aria-label="Add by hand"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            Add by hand
          </Title>
          <Textarea
            label="Addresses or @domains, one per line"
            placeholder={'name@example.com\n@example.org'}
            rows={6}
            value={text}
            error={problem}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Button
            type="submit"
            w="fit-content"
            loading={add.isPending}
            disabled={problem !== null || entries.length === 0}
          >
            Add to list
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function UploadList() {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<string | null>(null);
  const upload = useUploadSuppressions();
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setSkipped(null);
    setProblem(
      chosen.size > SUPPRESSION_UPLOAD_MAX_BYTES ? suppressionMessages.fileTooLarge : null,
    );
  };
  const send = async () => {
    if (!file || problem) return;
    try {
      const answer = await upload.mutateAsync(file);
      setFile(null);
      // The skipped rows stay on the page (a notice goes away) until the next file is chosen.
      setSkipped(answer.skipped);
      notifications.show({ message: addedMessage(answer), color: 'green' });
    } catch (error) {
      setProblem(errorMessage(error, failed, [400, 413, 415]));
    }
  };
  return (
    <Paper withBorder p="lg" radius="md" miw={320}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Upload a CSV
        </Title>
        <Text size="sm" c="dimmed">
          One column of addresses or @domains (a column named E-mail when the file has a header),
          CSV or XLSX.
        </Text>
        <FileDropZone
          testId="suppression-upload"
          inputLabel="Do-not-email file"
          accept=".csv,.txt,.xlsx,text/csv"
          disabled={upload.isPending}
          file={file}
          onChoose={choose}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {skipped && (
          <Alert color="yellow" role="status">
            {skipped}
          </Alert>
        )}
        <Button
          w="fit-content"
          onClick={() => void send()}
          loading={upload.isPending}
          disabled={!file || problem !== null}
        >
          Upload file
        </Button>
      </Stack>
    </Paper>
  );
}

// What removing an entry means, said before it is removed.
function removalText(entry: string): string {
  const whom = entry.startsWith('@') ? `any address at ${entry.slice(1)}` : entry;
  return `Campaigns may e-mail ${whom} again once it is off the list.`;
}

function SuppressionTable() {
  const search = useSearchKey();
  const [page, setPage] = useSearchedPage(search.key);
  const list = useSuppressions(search.key, page);
  const entries = list.data?.entries;
  const remove = useDeleteSuppression();
  const [asked, setAsked] = useState<{ entry: SuppressionEntry; row: number } | null>(null);
  // The question stays worded while the dialog fades out.
  const [confirming, setConfirming] = useState(false);
  const ask = (entry: SuppressionEntry, row: number) => {
    setAsked({ entry, row });
    setConfirming(true);
  };
  // After a removal the focus stays in the table: on the delete button of the row now in the
  // removed one's place (or of the last row), or on the search field when no row is left.
  const searchField = useRef<HTMLInputElement>(null);
  const { focusAfterRemoval, buttonRef } = useFocusAfterRemoval(entries, searchField);

  const deleteAsked = async () => {
    if (asked === null) return;
    try {
      // Resolves once the list is read again, without the entry.
      await remove.mutateAsync(asked.entry.id);
      notifications.show({ message: suppressionMessages.deleted, color: 'green' });
      focusAfterRemoval(asked.row);
    } catch (error) {
      notifications.show({ message: errorMessage(error, failed, [404]), color: 'red' });
    }
    setConfirming(false);
  };
  return (
    <Stack gap="sm">
      <SearchKeyInput
        ref={searchField}
        label="Search the do-not-email list"
        value={search.text}
        onChange={search.setText}
      />
      {list.data === undefined ? (
        list.isError ? (
          <Text c="red">{errorMessage(list.error, failed)}</Text>
        ) : (
          <PageLoader />
        )
      ) : list.data.entries.length === 0 ? (
        <Text c="dimmed">
          {search.key ? 'No entry matches the search.' : 'The do-not-email list is empty.'}
        </Text>
      ) : (
        <Table striped highlightOnHover aria-label="Do-not-email list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Address or domain</Table.Th>
              <Table.Th>Source</Table.Th>
              <Table.Th>Added</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.entries.map((entry, row) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Group gap={6}>
                    <Text size="sm">{entry.entry}</Text>
                    {entry.entry.startsWith('@') && (
                      <Badge variant="light" size="xs">
                        Whole domain
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{suppressionSourceLabels[entry.source]}</Table.Td>
                <Table.Td>{formatDay(entry.created)}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${entry.entry}`}
                    ref={buttonRef(entry.id)}
                    onClick={() => ask(entry, row)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.data && (
        <PagingFooter
          page={page}
          pages={list.data.pages}
          total={list.data.total_count}
          perPage={PAGE_SIZE}
          onChange={setPage}
        />
      )}
      <ConfirmModal
        opened={confirming}
        title="Delete from the do-not-email list?"
        text={asked === null ? '' : removalText(asked.entry.entry)}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => void deleteAsked()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
