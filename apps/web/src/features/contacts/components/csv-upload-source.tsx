import { type ContactRow, contactMessages, IMPORT_CUSTOM_COLUMNS_MAX } from '@mailhound/contracts';
import { Alert, Button, Group, Input, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FileDropZone } from '../../../shared/ui/file-drop-zone.tsx';
import {
  type ContactRowsResult,
  MissingEmailColumnError,
  type SkippedRows,
  toContactRows,
} from '../contact-rows.ts';
import { parseCsv } from '../csv-parse.ts';
import { readTextFile } from '../read-text-file.ts';

type Reading = { fileName: string } & (ContactRowsResult | { error: string });

// The picker's own check, before the file is read: a CSV, at most CONTACTS_CSV_MAX_BYTES (a
// dropped file skips the input's accept list).
const CONTACTS_CSV_MAX_BYTES = 5 * 1024 * 1024;
const csvFileMessages = {
  notCsv: 'The file is not a CSV file.',
  tooLarge: 'The file is larger than 5 MB.',
} as const;
const acceptedCsv = '.csv,text/csv';

function csvFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.csv$/i.test(file.name)) return csvFileMessages.notCsv;
  if (file.size > CONTACTS_CSV_MAX_BYTES) return csvFileMessages.tooLarge;
  return null;
}

async function readContactsFile(file: File): Promise<Reading> {
  const problem = csvFileProblem(file);
  if (problem !== null) return { fileName: file.name, error: problem };
  try {
    const table = parseCsv(await readTextFile(file));
    const result = toContactRows(table, { customColumns: true });
    // The server takes at most IMPORT_CUSTOM_COLUMNS_MAX custom columns (by name, ignoring
    // case) among the values it is sent.
    const custom = new Set(
      result.rows.flatMap((row) => Object.keys(row).map((name) => name.toLowerCase())),
    );
    for (const name of ['email', 'fname', 'lname']) custom.delete(name);
    if (custom.size > IMPORT_CUSTOM_COLUMNS_MAX) {
      return { fileName: file.name, error: contactMessages.tooManyImportColumns(custom.size) };
    }
    return { fileName: file.name, ...result };
  } catch (error) {
    const message =
      error instanceof MissingEmailColumnError
        ? error.message
        : 'The file could not be read as CSV.';
    return { fileName: file.name, error: message };
  }
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// What the Create List button will create, and what it leaves out and why, e.g. '2 contacts
// ready · 1 invalid e-mail skipped · 1 duplicate skipped'.
function readySummary(ready: number, skipped: SkippedRows): string {
  const parts = [
    count(ready, 'contact ready', 'contacts ready'),
    skipped.incomplete > 0 &&
      `${count(skipped.incomplete, 'row', 'rows')} without an e-mail or a name skipped`,
    skipped.invalidEmail > 0 &&
      `${count(skipped.invalidEmail, 'invalid e-mail', 'invalid e-mails')} skipped`,
    skipped.duplicate > 0 && `${count(skipped.duplicate, 'duplicate', 'duplicates')} skipped`,
    skipped.tooLong > 0 &&
      `${count(skipped.tooLong, 'row', 'rows')} with a value over 50 characters skipped`,
  ];
  return parts.filter((part) => part !== false).join(' · ');
}

// A CSV with an Email column and First Name / Last Name (or fname / lname); other columns
// become custom columns.
export function CsvUploadSource({
  busy,
  onCreate,
}: {
  busy: boolean;
  onCreate: (rows: ContactRow[]) => Promise<void>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState<Reading | null>(null);

  return (
    <Stack>
      <Input.Wrapper
        labelElement="div"
        label="CSV file"
        description="Columns: Email, First Name, Last Name, and any custom columns"
      >
        <FileDropZone
          testId="contacts-csv-dropzone"
          inputLabel="CSV file"
          accept={acceptedCsv}
          disabled={busy}
          file={file}
          onChoose={async (chosen) => {
            setFile(chosen ?? null);
            setReading(chosen === undefined ? null : await readContactsFile(chosen));
          }}
        />
      </Input.Wrapper>
      {reading !== null &&
        ('error' in reading ? (
          <Alert color="red" title={reading.fileName}>
            {reading.error}
          </Alert>
        ) : (
          <Alert color={reading.rows.length > 0 ? 'blue' : 'yellow'} title={reading.fileName}>
            <Text size="sm">{readySummary(reading.rows.length, reading.skipped)}</Text>
            {reading.skipped.duplicate > 0 && (
              <Text size="sm" c="dimmed">
                E-mails are compared without case; the first row of each is kept.
              </Text>
            )}
            {reading.columns.length > 0 && (
              <Text size="sm">Custom columns: {reading.columns.join(', ')}</Text>
            )}
          </Alert>
        ))}
      <Group justify="flex-end">
        <Button
          loading={busy}
          disabled={reading === null || 'error' in reading || reading.rows.length === 0}
          onClick={() => {
            if (reading !== null && !('error' in reading)) void onCreate(reading.rows);
          }}
        >
          Create List
        </Button>
      </Group>
    </Stack>
  );
}
