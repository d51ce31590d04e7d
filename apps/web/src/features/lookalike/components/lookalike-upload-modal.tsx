import { companyMessages } from '@mailhound/contracts';
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { currentUserKey } from '../../../shared/session/api/get-current-user.ts';
import { FileDropZone } from '../../../shared/ui/file-drop-zone.tsx';
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
  const queryClient = useQueryClient();
  const upload = useUploadLookalikeFile();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [percent, setPercent] = useState(0);
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
        <FileDropZone
          testId="lookalike-dropzone"
          accept={acceptedLookalikeTypes}
          disabled={uploading}
          file={file}
          onChoose={choose}
        />
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
