import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Page } from '../../../shared/ui/page.tsx';
import { readListName } from '../list-creation-state.ts';
import { useCreateContactList } from '../use-create-contact-list.ts';
import { CsvUploadSource } from './csv-upload-source.tsx';
import { ListCreationOverlay } from './list-creation-overlay.tsx';
import { ManualContactsSource } from './manual-contacts-source.tsx';

type Source = 'csv' | 'manual';

// Create list, source step: a CSV upload or contacts typed by hand, then the list is created.
export function ContactsSourcePage() {
  const location = useLocation();
  const name = readListName(location.state);
  const [source, setSource] = useState<Source>('csv');
  const creation = useCreateContactList();

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
        onChange={(value) => setSource(value === 'manual' ? 'manual' : 'csv')}
        data={[
          { value: 'csv', label: 'Upload CSV' },
          { value: 'manual', label: 'Add Manually' },
        ]}
      />
      <Paper withBorder p="lg" radius="md" maw={900}>
        <Stack>
          {source === 'csv' ? (
            <CsvUploadSource
              busy={creation.isCreating}
              onCreate={(rows) => creation.create(name, rows)}
            />
          ) : (
            <ManualContactsSource
              busy={creation.isCreating}
              onCreate={(rows) => creation.create(name, rows)}
            />
          )}
        </Stack>
      </Paper>
      <ListCreationOverlay percent={creation.percent} />
    </Page>
  );
}
