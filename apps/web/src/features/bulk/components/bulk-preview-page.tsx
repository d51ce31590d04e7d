import { bulkMessages, TOAST_MS } from '@mailhound/contracts';
import { ActionIcon, Alert, Button, Group, Paper, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDownload, IconFileDownload } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useBalance } from '../../../shared/session/api/get-balance.ts';
import { useCurrentUser } from '../../../shared/session/api/get-current-user.ts';
import { CreditsModal } from '../../../shared/ui/credits-modal.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { fromPageOf } from '../../../shared/ui/search-history.tsx';
import { type BulkFileRequest, useDownloadBulkFile } from '../api/download-bulk-file.ts';
import { useBulkItem } from '../api/get-bulk-item.ts';
import { useBulkPreview } from '../api/get-bulk-preview.ts';
import { bulkPaymentText, previewRows, shortFileName, summaryText } from '../bulk-item.ts';
import { DownloadFormatModal } from './download-format-modal.tsx';
import { PreviewTable } from './preview-table.tsx';

// The server masks what an unpaid result sells: a found address (j•••@acme.com), and for a
// verify list each address's verdict, score and status (•••); the download pays for them.
const maskedNotes = {
  find: 'The e-mails show in full once you download the results.',
  verify: 'The verdicts show in full once you download the results.',
} as const;

function failureText(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : 'Unknown error.';
}

function FileName({ fileName }: { fileName: string }) {
  const { text, tooltip } = shortFileName(fileName);
  const title = (
    <Title order={2} size="h3" aria-label={fileName}>
      {text}
    </Title>
  );
  return tooltip === null ? (
    title
  ) : (
    <Tooltip label={tooltip} withArrow>
      {title}
    </Tooltip>
  );
}

// product-spec §2 "Bulk preview": the header row and first rows of the result, its price, the
// result downloads, the original file, and a contact list from the found e-mails (the button
// that makes one is contacts', given by the app).
export function BulkPreviewPage({
  ContactListAction,
}: {
  // `credits`: what the results still cost (0 once paid); making a list pays for them.
  ContactListAction: ComponentType<{ requestId: string; credits: number }>;
}) {
  const { requestId = '' } = useParams();
  const location = useLocation();
  const preview = useBulkPreview(requestId);
  const item = useBulkItem(requestId);
  const balance = useBalance();
  const user = useCurrentUser();
  const download = useDownloadBulkFile(requestId);
  const [formatOpened, setFormatOpened] = useState(false);
  const [creditsNeeded, setCreditsNeeded] = useState<number | null>(null);

  const backTo = `/search/bulk?${new URLSearchParams({
    page: String(fromPageOf(location.state)),
    skipVideo: 'true',
  })}`;
  const available = balance.data?.balanceAvailable;

  const fetchFile = async (request: BulkFileRequest, price: number) => {
    try {
      await download.mutateAsync(request);
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        setCreditsNeeded(Math.max(1, price - (available ?? 0)));
        return;
      }
      notifications.show({
        color: 'red',
        message: bulkMessages.downloadFailed(failureText(error)),
        autoClose: TOAST_MS,
      });
    }
  };

  const back = (
    <ActionIcon
      component={Link}
      to={backTo}
      variant="subtle"
      size="lg"
      aria-label="Back to bulk search"
    >
      <IconArrowLeft size={20} />
    </ActionIcon>
  );

  if (preview.isPending) {
    return (
      <Page title="Bulk Search">
        {back}
        <PageLoader />
      </Page>
    );
  }
  if (preview.isError) {
    return (
      <Page title="Bulk Search">
        {back}
        <Alert color="red" role="alert">
          {bulkMessages.previewFailed(failureText(preview.error))}
        </Alert>
      </Page>
    );
  }

  const { fileName, rows, paid, credits, hasInputFile, summary } = preview.data;
  const { header, body } = previewRows(rows);
  const result = item.data?.result ?? null;
  const noEmails = summary.found === 0 && !summary.toVerify;
  const paymentText = bulkPaymentText({
    paid,
    verified: summary.verified,
    credits,
    toVerify: summary.toVerify,
  });

  // product-spec §4 "Bulk result payment": an unpaid result needs enough available balance.
  // With addresses to verify, `credits` is only what it may cost: the server says if it is short.
  const choose = (kind: 'full' | 'success', format: BulkFileRequest['format']) => {
    setFormatOpened(false);
    if (!paid && !summary.toVerify && available !== undefined && credits > available) {
      setCreditsNeeded(credits - available);
      return;
    }
    fetchFile({ kind, format }, paid ? 0 : credits);
  };

  return (
    <Page title="Bulk Search">
      <Group gap="sm" wrap="nowrap">
        {back}
        <FileName fileName={fileName} />
      </Group>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between">
          <div>
            <Text fw={500}>{paymentText}</Text>
            {!paid && !noEmails && (
              <Text size="sm" c="dimmed">
                {maskedNotes[item.data?.kind ?? 'find']}
              </Text>
            )}
          </div>
          <Group gap="xs">
            {/* Only with the mail section and when results exist (product-spec §2). */}
            {user.data?.properties.sections.includes('mail') && !noEmails && (
              <ContactListAction requestId={requestId} credits={paid ? 0 : credits} />
            )}
            {hasInputFile && (
              <Tooltip label="Download the original file" withArrow>
                <ActionIcon
                  variant="light"
                  size="lg"
                  aria-label="Download the original file"
                  onClick={() => fetchFile({ kind: 'input', format: 'csv' }, 0)}
                >
                  <IconFileDownload size={20} />
                </ActionIcon>
              </Tooltip>
            )}
            <Button
              leftSection={<IconDownload size={16} />}
              onClick={() => setFormatOpened(true)}
              loading={download.isPending}
            >
              Download Results
            </Button>
          </Group>
        </Group>
      </Paper>
      <Text size="sm" aria-label="Result counts">
        {summaryText(summary)}
      </Text>
      {noEmails && (
        <Text c="dimmed" ta="center">
          {bulkMessages.noEmailsFound}
        </Text>
      )}
      {body.length > 0 && <PreviewTable header={header} rows={body} />}
      <DownloadFormatModal
        opened={formatOpened}
        onClose={() => setFormatOpened(false)}
        onChoose={choose}
        onlyFoundAvailable={result?.hasMultipleFiles ?? true}
        paymentText={paymentText}
      />
      <CreditsModal
        opened={creditsNeeded !== null}
        onClose={() => setCreditsNeeded(null)}
        freePlan={false}
        needed={creditsNeeded ?? 1}
      />
    </Page>
  );
}
