import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';

// The parts every upload modal shows under its drop zone (see use-file-upload.ts).

// The upload's real progress, once it has started.
export function UploadProgress({ uploading, percent }: { uploading: boolean; percent: number }) {
  if (!uploading && percent === 0) return null;
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label="Upload progress" animated={uploading} />
      <Text size="xs" c="dimmed">
        Uploaded {percent}%
      </Text>
    </Stack>
  );
}

// Upload, and Cancel while it runs.
export function UploadButtons(props: {
  uploading: boolean;
  ready: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  return (
    <Group gap="xs">
      {props.uploading && (
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
      )}
      <Button
        leftSection={<IconUpload size={16} />}
        onClick={props.onSend}
        loading={props.uploading}
        disabled={!props.ready}
      >
        Upload
      </Button>
    </Group>
  );
}
