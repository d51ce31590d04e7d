import { Button, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ResultFormat } from '../api/download-bulk-file.ts';

export type ResultChoice = 'full' | 'success';

// product-spec §2 "Bulk preview": the download-format modal, All emails or Only found emails.
export function DownloadFormatModal({
  opened,
  onClose,
  onChoose,
  onlyFoundAvailable,
  paymentText,
}: {
  opened: boolean;
  onClose: () => void;
  onChoose: (choice: ResultChoice, format: ResultFormat) => void;
  onlyFoundAvailable: boolean;
  paymentText: string;
}) {
  const [format, setFormat] = useState<ResultFormat>('csv');
  return (
    <Modal opened={opened} onClose={onClose} title="Download Results" centered>
      <Stack>
        <Text size="sm">{paymentText}</Text>
        <SegmentedControl
          aria-label="File format"
          value={format}
          onChange={(value) => setFormat(value === 'xlsx' ? 'xlsx' : 'csv')}
          data={[
            { value: 'csv', label: 'CSV' },
            { value: 'xlsx', label: 'XLSX' },
          ]}
        />
        <Button onClick={() => onChoose('full', format)}>All emails</Button>
        <Button
          variant="light"
          onClick={() => onChoose('success', format)}
          disabled={!onlyFoundAvailable}
        >
          Only found emails
        </Button>
      </Stack>
    </Modal>
  );
}
