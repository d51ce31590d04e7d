import { authMessages, WEBHOOK_DELIVERIES_SHOWN, type WebhookDelivery } from '@mailhound/contracts';
import { Code, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDateTime } from '../../../shared/ui/dates.ts';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { deliveryEventText } from '../webhook-event-text.ts';

// A receiver's answer: its HTTP status and the start of what it said when that was not a 2xx
// ('500 — body: Internal error'), or why no answer came.
function DeliveryResult({ delivery }: { delivery: WebhookDelivery }) {
  const status = delivery.status_code;
  const ok = status !== null && status >= 200 && status < 300;
  let text = delivery.error ?? 'No answer';
  if (status !== null) text = delivery.error ? `${status} — body: ${delivery.error}` : `${status}`;
  return (
    <Text size="sm" c={ok ? 'green.9' : 'red.9'}>
      {text}
    </Text>
  );
}

export function WebhookDeliveries({
  url,
  deliveries,
}: {
  url: string;
  deliveries: UseQueryResult<{ deliveries: WebhookDelivery[] }>;
}) {
  if (deliveries.isPending) return <PageLoader />;
  if (deliveries.isError) {
    return (
      <Text c="red" role="alert">
        {errorMessage(deliveries.error, authMessages.genericRetry)}
      </Text>
    );
  }
  if (deliveries.data.deliveries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No deliveries yet. Send a test to see one here.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={`Deliveries to ${url}`} striped>
        <Table.Caption>{`The last ${WEBHOOK_DELIVERIES_SHOWN} deliveries, newest first.`}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Attempt</Table.Th>
            <Table.Th>Time</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.deliveries.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td>
                <Code title={deliveryEventText(delivery.event)}>{delivery.event}</Code>
              </Table.Td>
              <Table.Td>
                <DeliveryResult delivery={delivery} />
              </Table.Td>
              <Table.Td>{delivery.attempt}</Table.Td>
              <Table.Td>{formatDateTime(delivery.at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
