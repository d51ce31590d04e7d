import {
  billingMessages,
  centsToDollars,
  invoiceMessages,
  LINK_COPIED_TOAST_MS,
  PAGE_SIZE,
  type Receipt,
} from '@mailhound/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowUp,
  IconCopy,
  IconExternalLink,
  IconMail,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../shared/session/api/get-current-user.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useSearchedPage, withParam } from '../../../shared/ui/search-key.tsx';
import { useReceipts } from '../api/get-receipts.ts';
import { isCheckoutSuccess } from '../navigation-state.ts';
import { receiptLongDate } from '../receipt-date.ts';
import { SendInvoiceModal } from './send-invoice-modal.tsx';

const checkoutSucceeded = 'Thank you! Your payment was successful.';

type SortOrder = 'asc' | 'desc';

const statusColors: Record<string, string> = { paid: 'green', failed: 'red', refunded: 'gray' };
const statusLabels: Record<string, string> = {
  paid: 'Paid',
  // A declined attempt took no money: it must not read as a charge.
  failed: 'Declined, not charged',
  refunded: 'Refunded',
};

// The date format sorts as text ('YYYY-MM-DD HH-MM-SS').
function sortReceipts(receipts: Receipt[], order: SortOrder): Receipt[] {
  const sorted = [...receipts].sort((a, b) => a.date.localeCompare(b.date));
  return order === 'asc' ? sorted : sorted.reverse();
}

// product-spec §2 "Invoices".
export function InvoicesPage() {
  const receipts = useReceipts();
  const user = useCurrentUser();
  // The sort order and the page live in the address (?order=asc&page=2): newest first and page
  // 1 by default.
  const [params, setParams] = useSearchParams();
  const order: SortOrder = params.get('order') === 'asc' ? 'asc' : 'desc';
  const setOrder = (next: SortOrder) =>
    setParams((current) => withParam(current, 'order', next === 'asc' ? 'asc' : null));
  const [page, setPage] = useSearchedPage();
  const [sending, setSending] = useState<Receipt | null>(null);
  useCheckoutSuccessNotice();

  const sorted = sortReceipts(receipts.data ?? [], order);
  const totalPages = Math.ceil(sorted.length / PAGE_SIZE);
  const current = Math.min(page, Math.max(totalPages, 1));
  const rows = sorted.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  return (
    <Page title="Invoices">
      {receipts.isPending ? (
        <PageLoader />
      ) : receipts.isError ? (
        <Text c="red">{billingMessages.cannotGetReceipts}</Text>
      ) : sorted.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="md">
            <Text>{invoiceMessages.empty}</Text>
            <Button component={Link} to="/purchase">
              Add credits
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Invoices" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th aria-sort={order === 'asc' ? 'ascending' : 'descending'}>
                    <UnstyledButton
                      onClick={() => setOrder(order === 'asc' ? 'desc' : 'asc')}
                      aria-label={`Date, sorted ${order === 'asc' ? 'oldest' : 'newest'} first`}
                    >
                      <Group gap={4} wrap="nowrap">
                        <Text fw={700} size="sm">
                          Date
                        </Text>
                        {order === 'asc' ? <IconArrowUp size={14} /> : <IconArrowDown size={14} />}
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((receipt) => (
                  <ReceiptRow key={receipt.id} receipt={receipt} onSend={setSending} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {totalPages > 1 && (
            <Pagination
              total={totalPages}
              value={current}
              onChange={setPage}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous'
                    ? 'Previous page'
                    : control === 'next'
                      ? 'Next page'
                      : control,
              })}
            />
          )}
        </Stack>
      )}
      <SendInvoiceModal
        receipt={sending}
        defaultEmail={user.data?.username ?? ''}
        onClose={() => setSending(null)}
      />
    </Page>
  );
}

function ReceiptRow({ receipt, onSend }: { receipt: Receipt; onSend: (receipt: Receipt) => void }) {
  // Failed receipts keep their actions in sight but out of use.
  const disabled = receipt.status === 'failed' || receipt.receipt_url === null;
  const url =
    receipt.receipt_url === null ? null : new URL(receipt.receipt_url, window.location.origin).href;

  const copy = async () => {
    if (url === null) return;
    try {
      await navigator.clipboard.writeText(url);
      notifications.show({
        message: invoiceMessages.linkCopied,
        color: 'green',
        autoClose: LINK_COPIED_TOAST_MS,
      });
    } catch {
      notifications.show({
        message: invoiceMessages.copyFailed,
        color: 'red',
        autoClose: LINK_COPIED_TOAST_MS,
      });
    }
  };

  return (
    <Table.Tr>
      <Table.Td>{receiptLongDate(receipt.date)}</Table.Td>
      <Table.Td>{centsToDollars(receipt.amount)}</Table.Td>
      <Table.Td>
        <Badge color={statusColors[receipt.status] ?? 'gray'} variant="light">
          {statusLabels[receipt.status] ?? receipt.status}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Send Invoice">
            <ActionIcon
              variant="subtle"
              aria-label="Send Invoice"
              disabled={disabled}
              onClick={() => onSend(receipt)}
            >
              <IconMail size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Preview Invoice">
            {url === null || disabled ? (
              <ActionIcon variant="subtle" aria-label="Preview Invoice" disabled>
                <IconExternalLink size={18} />
              </ActionIcon>
            ) : (
              <ActionIcon
                variant="subtle"
                aria-label="Preview Invoice"
                component="a"
                href={url}
                target="_blank"
                rel="noopener noreferrer"
              >
                <IconExternalLink size={18} />
              </ActionIcon>
            )}
          </Tooltip>
          <Tooltip label="Copy invoice link">
            <ActionIcon
              variant="subtle"
              aria-label="Copy invoice link"
              disabled={disabled}
              onClick={copy}
            >
              <IconCopy size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

// Checkout return hands over a success flag in navigation state: shown once, then dropped so
// that a reload does not repeat it.
function useCheckoutSuccessNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const shown = useRef(false);
  const success = isCheckoutSuccess(location.state);

  useEffect(() => {
    if (!success || shown.current) return;
    shown.current = true;
    notifications.show({ message: checkoutSucceeded, color: 'green' });
    navigate(location.pathname, { replace: true, state: null });
  }, [success, navigate, location.pathname]);
}
