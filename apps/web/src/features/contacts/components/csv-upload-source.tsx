import { Alert, Button, Group, Input, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import type { ContactRow } from '../api/create-contacts.ts';
import { type ContactRowsResult, MissingEmailColumnError, toContactRows } from '../contact-rows.ts';
import { parseCsv } from '../csv-parse.ts';

type Reading = { fileName: string } & (ContactRowsResult | { error: string });

async function readContactsFile(file: File): Promise<Reading> {
  try {
    const table = parseCsv(await file.text());
    return { fileName: file.name, ...toContactRows(table, { customColumns: true }) };
  } catch (error) {
    const message =
      error instanceof MissingEmailColumnError
        ? error.message
        : 'The file could not be read as CSV.';
    return { fileName: file.name, error: message };
  }
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
  const inputId = useId();
  const [reading, setReading] = useState<Reading | null>(null);

  return (
    <Stack>
      <Input.Wrapper
        label="CSV file"
        labelProps={{ htmlFor: inputId }}
        description="Columns: Email, First Name, Last Name, and any custom columns"
      >
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          onChange={async (event) => {
            const file = event.currentTarget.files?.[0];
            setReading(file === undefined ? null : await readContactsFile(file));
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
            <Text size="sm">{reading.rows.length} contacts ready</Text>
            {reading.skipped > 0 && (
              <Text size="sm">
                {reading.skipped} rows skipped: each contact needs an e-mail and a first or last
                name
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
