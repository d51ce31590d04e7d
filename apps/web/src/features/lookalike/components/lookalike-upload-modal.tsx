import { companyMessages } from '@mailhound/contracts';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { currentUserKey } from '../../../shared/session/api/get-current-user.ts';
import { useUploadLookalikeFile } from '../api/upload-lookalike-file.ts';
import {
  acceptedLookalikeTypes,
  LOOKALIKE_MAX_ROWS,
  type LookalikeItem,
  lookalikeUploadMessages,
  lookalikeUploadProblem,
} from '../lookalike-item.ts';

type Problem = { text: string; upgrade: boolean };

// product-spec §2 "Look-alike": the upload modal, with a real progress bar.
export function LookalikeUploadModal({
  opened,
  onClose,
  onUploaded,
}: {
  opened: boolean;
  onClose: () => void;
  onUploaded: (item: LookalikeItem) => void;
}) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const upload = useUploadLookalikeFile();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [percent, setPercent] = useState(0);
  const [dragging, setDragging] = useState(false);
  const cancel = useRef<AbortController | null>(null);
  const uploading = upload.isPending;

  const reset = () => {
    setFile(null);
    setProblem(null);
    setPercent(0);
  };

  const choose = (chosen: File | undefined) => {
    if (chosen === undefined) return;
    setFile(chosen);
    setPercent(0);
    const text = lookalikeUploadProblem(chosen);
    setProblem(text === null ? null : { text, upgrade: false });
  };

  const close = () => {
    if (uploading) return;
    reset();
    onClose();
  };

  const send = async () => {
    if (file === null || problem !== null) return;
    setPercent(0);
    const controller = new AbortController();
    cancel.current = controller;
    try {
      const item = await upload.mutateAsync({
        file,
        onProgress: setPercent,
        signal: controller.signal,
      });
      reset();
      onUploaded(item);
    } catch (error) {
      if (controller.signal.aborted) {
        setPercent(0);
        return;
      }
      if (error instanceof ApiError && error.status === 402) {
        setProblem({ text: errorMessage(error, companyMessages.noLeadSearches), upgrade: true });
        return;
      }
      if (error instanceof ApiError && error.status === 413) {
        setProblem({ text: lookalikeUploadMessages.tooLarge, upgrade: false });
        return;
      }
      if (error instanceof ApiError && error.status === 403) {
        // The plan ended since the page opened: the guard sends the user to the upsell page.
        setProblem({ text: error.message, upgrade: true });
        queryClient.invalidateQueries({ queryKey: currentUserKey });
        return;
      }
      setProblem({
        text: errorMessage(
          error,
          error instanceof Error && !(error instanceof ApiError)
            ? error.message
            : lookalikeUploadMessages.failed,
        ),
        upgrade: false,
      });
    }
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) choose(event.dataTransfer.files[0]);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="New Look-Alike"
      centered
      size="lg"
      closeOnClickOutside={!uploading}
      closeOnEscape={!uploading}
      withCloseButton={!uploading}
    >
      <Stack>
        <Text size="sm">
          A CSV, XLSX or TXT file with one column of company names or websites (a header row is
          optional), up to {LOOKALIKE_MAX_ROWS.toLocaleString('en-US')} companies and 1 MB. One
          search is spent per list.
        </Text>
        <Paper
          withBorder
          p="xl"
          radius="md"
          data-testid="lookalike-dropzone"
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
            <Button component="label" htmlFor={inputId} variant="light" disabled={uploading}>
              Choose a file
            </Button>
            <VisuallyHidden>
              <input
                id={inputId}
                type="file"
                accept={acceptedLookalikeTypes}
                disabled={uploading}
                onChange={(event) => {
                  choose(event.currentTarget.files?.[0]);
                  event.currentTarget.value = '';
                }}
              />
            </VisuallyHidden>
            {file && (
              <Text size="sm" fw={500}>
                {file.name}
              </Text>
            )}
          </Stack>
        </Paper>
        {(uploading || percent > 0) && (
          <Stack gap={4}>
            <Progress value={percent} aria-label="Upload progress" animated={uploading} />
            <Text size="xs" c="dimmed">
              Uploaded {percent}%
            </Text>
          </Stack>
        )}
        {problem && (
          <Alert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              {problem.text}
              {problem.upgrade && (
                <Button component={Link} to="/purchase" size="xs">
                  Upgrade Now
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          {uploading && (
            <Button variant="default" onClick={() => cancel.current?.abort()}>
              Cancel
            </Button>
          )}
          <Button
            leftSection={<IconUpload size={16} />}
            onClick={send}
            loading={uploading}
            disabled={file === null || problem !== null}
          >
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
