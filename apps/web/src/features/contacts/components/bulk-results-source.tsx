import { type BulkItem, bulkMessages } from '@mailhound/contracts';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Pagination,
  Radio,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDay } from '../../../shared/ui/dates.ts';
import { bulkPaymentText, resultCountText, useBulkHistory } from '../../bulk/index.ts';

// Only finished searches that found something (or have addresses to verify, shown once
// bought) can feed a list.
function hasFoundEmails(item: BulkItem): boolean {
  return (
    item.status === 'completed' &&
    ((item.result?.successCount ?? 0) > 0 || (item.result?.toVerify ?? 0) > 0)
  );
}

// Reading an unpaid result file charges its verified e-mails (the server's download rule).
function paymentText(item: BulkItem): string {
  return bulkPaymentText({
    paid: item.purchases.length > 0,
    verified: item.result?.verifiedCount ?? 0,
    credits: item.result?.credits ?? 0,
    toVerify: item.result?.toVerify,
  });
}

// product-spec §2 "Contact lists": the source step's "pick from bulk results" — one of the
// user's completed bulk searches, a page of the bulk history at a time.
export function BulkResultsSource({
  busy,
  onCreate,
}: {
  busy: boolean;
  onCreate: (requestId: string) => Promise<void>;
}) {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const history = useBulkHistory(page);

  if (history.isPending) return <Loader role="status" aria-label="Loading bulk searches" />;
  if (history.isError) {
    return <Alert color="red">{bulkMessages.listCreationFailed}</Alert>;
  }
  const items = history.data.items.filter(hasFoundEmails);

  return (
    <Stack>
      {items.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text c="dimmed">No completed bulk search with found e-mails here.</Text>
          <Anchor component={Link} to="/search/bulk">
            Run a bulk search
          </Anchor>
        </Stack>
      ) : (
        <Radio.Group
          label="Bulk search results"
          value={selected}
          onChange={(value) => setSelected(value)}
        >
          <Stack gap="sm" mt="xs">
            {items.map((item) => (
              <Radio
                key={item.requestId}
                value={item.requestId}
                label={item.input.fileName}
                description={
                  <>
                    <Text span display="block" size="sm">
                      {resultCountText(item.result)} · {formatDay(item.createdAt)}
                    </Text>
                    <Text span display="block" size="sm">
                      {paymentText(item)}
                    </Text>
                  </>
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {history.data.totalPages > 1 && (
        <Pagination
          total={history.data.totalPages}
          value={page}
          onChange={setPage}
          getItemProps={(number) => ({ 'aria-label': `Page ${number}` })}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
      <Group justify="flex-end">
        <Button
          loading={busy}
          disabled={selected === null}
          onClick={() => {
            if (selected !== null) void onCreate(selected);
          }}
        >
          Create List
        </Button>
      </Group>
    </Stack>
  );
}
