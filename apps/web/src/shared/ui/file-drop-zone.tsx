import { Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { type DragEvent, useId, useState } from 'react';

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// A file is dropped here or chosen with the button; the chosen file shows below.
export function FileDropZone({
  testId,
  inputLabel,
  accept,
  disabled,
  file,
  onChoose,
}: {
  testId: string;
  // What the file is, for assistive technology (the input's name; 'Choose a file' otherwise).
  inputLabel?: string;
  accept: string;
  disabled: boolean;
  file: File | null;
  onChoose: (file: File | undefined) => void;
}) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onChoose(event.dataTransfer.files[0]);
  };
  return (
    <Paper
      withBorder
      p="xl"
      radius="md"
      data-testid={testId}
      data-dragging={dragging || undefined}
      style={{
        borderStyle: 'dashed',
        borderColor: dragging ? 'var(--mantine-color-blue-6)' : undefined,
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <Stack align="center" gap="xs">
        <IconFileSpreadsheet size={36} stroke={1.5} />
        <Text>Drag your file here, or</Text>
        <Button component="label" htmlFor={inputId} variant="light" disabled={disabled}>
          Choose a file
        </Button>
        <VisuallyHidden>
          <input
            id={inputId}
            type="file"
            aria-label={inputLabel}
            accept={accept}
            disabled={disabled}
            onChange={(event) => {
              onChoose(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
        </VisuallyHidden>
        {file && (
          <Group gap={6}>
            <Text size="sm" fw={500}>
              {file.name}
            </Text>
            <Text size="sm" c="dimmed">
              {fileSize(file.size)}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
