import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Page } from '../../../shared/ui/page.tsx';
import { readListName } from '../list-creation-state.ts';
import { useCreateListFromBulk } from '../use-create-list-from-bulk.ts';
import { BulkResultsSource } from './bulk-results-source.tsx';
import { CsvUploadSource } from './csv-upload-source.tsx';
import { ListCreationOverlay } from './list-creation-overlay.tsx';
import { ManualContactsSource } from './manual-contacts-source.tsx';

type Source = 'csv' | 'bulk' | 'manual';

const sources: { value: Source; label: string }[] = [
  { value: 'csv', label: 'Upload CSV' },
  { value: 'bulk', label: 'From Bulk Results' },
  { value: 'manual', label: 'Add Manually' },
];

// Create list, source step: a CSV upload, a bulk search's found e-mails or contacts typed by
// hand, then the list is created.
export function ContactsSourcePage() {
  const location = useLocation();
  const name = readListName(location.state);
  const [source, setSource] = useState<Source>('csv');
  // A source stays mounted once opened, so what was typed or uploaded there survives
  // a look at another tab.
  const [opened, setOpened] = useState<ReadonlySet<Source>>(() => new Set(['csv']));
  const creation = useCreateListFromBulk();

  const open = (value: string) => {
    const next = sources.find((entry) => entry.value === value)?.value ?? 'csv';
    setSource(next);
    setOpened((previous) => new Set(previous).add(next));
  };
  const panel = (value: Source, content: ReactNode) =>
    opened.has(value) && <div hidden={source !== value}>{content}</div>;

  // The name comes only from the name step.
  if (name === null) return <Navigate to="../name" replace />;

  return (
    <Page title="New Contact List">
      <Text>
        List name: <strong>{name}</strong>
      </Text>
      <SegmentedControl
        w="fit-content"
        aria-label="Contacts source"
        value={source}
        onChange={open}
        data={sources}
      />
      <Paper withBorder p="lg" radius="md" maw={900}>
        <Stack>
          {panel(
            'csv',
            <CsvUploadSource
              busy={creation.isCreating}
              onCreate={(rows) => creation.create(name, rows)}
            />,
          )}
          {panel(
            'bulk',
            <BulkResultsSource
              busy={creation.isCreating}
              onCreate={(requestId) => creation.createFromBulk(name, requestId)}
            />,
          )}
          {panel(
            'manual',
            <ManualContactsSource
              busy={creation.isCreating}
              onCreate={(rows) => creation.create(name, rows)}
            />,
          )}
        </Stack>
      </Paper>
      <ListCreationOverlay percent={creation.percent} />
    </Page>
  );
}
