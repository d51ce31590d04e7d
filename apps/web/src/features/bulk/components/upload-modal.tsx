import { type BulkItem, type BulkKind, verifyListName } from '@mailhound/contracts';
import { Alert, Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError, creditsMissing, errorMessage } from '../../../shared/api/api-error.ts';
import { FileDropZone } from '../../../shared/ui/file-drop-zone.tsx';
import { UploadButtons, UploadProgress } from '../../../shared/ui/upload-controls.tsx';
import { useFileUpload } from '../../../shared/ui/use-file-upload.ts';
import { useUploadBulkFile } from '../api/upload-bulk-file.ts';
import { downloadBulkTemplate } from '../bulk-template.ts';
import { csvListKind } from '../list-kind.ts';
import {
  acceptedFileTypes,
  BULK_MAX_ROWS,
  uploadMessages,
  uploadProblem,
} from '../upload-rules.ts';

// product-spec §2 "Bulk search": the upload modal, with a real progress bar and the template.
// `verify`: a 'Verify emails' upload (issue 22), a list with an Email column only; a chosen CSV
// whose header has no other column the server reads is named so too.
export function UploadModal({
  opened,
  verify = false,
  onClose,
  onUploaded,
  onNotEnoughCredits,
}: {
  opened: boolean;
  verify?: boolean;
  onClose: () => void;
  onUploaded: (item: BulkItem) => void;
  // How many more credits the list needs (the 402's needed; at least 1 when it does not say).
  onNotEnoughCredits: (needed: number) => void;
}) {
  const upload = useUploadBulkFile();
  const { file, problem, percent, uploading, choose, close, send, cancelUpload } = useFileUpload({
    upload: upload.mutateAsync,
    uploading: upload.isPending,
    check: uploadProblem,
    failure: (error) => {
      if (error instanceof ApiError && error.status === 402) {
        onNotEnoughCredits(creditsMissing(error) ?? 1);
        return null;
      }
      if (error instanceof ApiError && error.status === 413) return uploadMessages.tooLarge;
      return errorMessage(error, error instanceof Error ? error.message : uploadMessages.failed);
    },
    onUploaded,
    onClose,
  });
  const [chosenKind, setChosenKind] = useState<BulkKind | null>(null);
  useEffect(() => {
    setChosenKind(null);
    if (!file) return;
    let current = true;
    csvListKind(file).then(
      (kind) => current && setChosenKind(kind),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [file]);
  const verifyList = verify || chosenKind === 'verify';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={verifyList ? verifyListName : 'Upload your list'}
      centered
      size="lg"
      closeOnClickOutside={!uploading}
      closeOnEscape={!uploading}
      withCloseButton={!uploading}
    >
      <Stack>
        {verifyList ? (
          <Text size="sm">
            A CSV or XLSX file, up to 5 MB and {BULK_MAX_ROWS.toLocaleString('en-US')} rows, with a
            header row and an Email column: each address gets its verdict (valid, invalid,
            accept_all, webmail, disposable or unknown) in the results.
          </Text>
        ) : (
          <Text size="sm">
            A CSV or XLSX file, up to 5 MB and {BULK_MAX_ROWS.toLocaleString('en-US')} rows, with a
            header row: First Name, Last Name and Company Website (or Company) to find an address,
            or an Email column to verify one.
          </Text>
        )}
        <FileDropZone
          testId="bulk-dropzone"
          accept={acceptedFileTypes}
          disabled={uploading}
          file={file}
          onChoose={choose}
        />
        <UploadProgress uploading={uploading} percent={percent} />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => downloadBulkTemplate(verify)}
          >
            Download the template
          </Anchor>
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
