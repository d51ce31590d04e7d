import { companyMessages, type LookalikeItem } from '@mailhound/contracts';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { currentUserKey } from '../../../shared/session/api/get-current-user.ts';
import { FileDropZone } from '../../../shared/ui/file-drop-zone.tsx';
import { UploadButtons, UploadProgress } from '../../../shared/ui/upload-controls.tsx';
import { useFileUpload } from '../../../shared/ui/use-file-upload.ts';
import { useUploadLookalikeFile } from '../api/upload-lookalike-file.ts';
import {
  acceptedLookalikeTypes,
  LOOKALIKE_MAX_ROWS,
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
  const { file, problem, percent, uploading, choose, close, send, cancelUpload } = useFileUpload<
    LookalikeItem,
    Problem
  >({
    upload: upload.mutateAsync,
    uploading: upload.isPending,
    check: (chosen) => {
      const text = lookalikeUploadProblem(chosen);
      return text === null ? null : { text, upgrade: false };
    },
    failure: (error) => {
      if (error instanceof ApiError && error.status === 402) {
        return { text: errorMessage(error, companyMessages.noLeadSearches), upgrade: true };
      }
      if (error instanceof ApiError && error.status === 413) {
        return { text: lookalikeUploadMessages.tooLarge, upgrade: false };
      }
      if (error instanceof ApiError && error.status === 403) {
        // The plan ended since the page opened: the guard sends the user to the upsell page.
        queryClient.invalidateQueries({ queryKey: currentUserKey });
        return { text: error.message, upgrade: true };
      }
      return {
        text: errorMessage(
          error,
          error instanceof Error && !(error instanceof ApiError)
            ? error.message
            : lookalikeUploadMessages.failed,
        ),
        upgrade: false,
      };
    },
    onUploaded,
    onClose,
  });

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
        <UploadProgress uploading={uploading} percent={percent} />
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
        <Group justify="flex-end">
          <UploadButtons
            uploading={uploading}
            ready={file !== null && problem === null}
            onSend={send}
            onCancel={cancelUpload}
          />
        </Group>
      </Stack>
    </Modal>
  );
}
