import { authMessages, PAGE_SIZE } from '@mailhound/contracts';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDateTime } from '../../../shared/ui/dates.ts';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { PagingFooter } from '../../../shared/ui/paging-footer.tsx';
import { useApiUsage } from '../api/get-api-usage.ts';

// The server names a call by its endpoint ('email-finder'); a user reads the path they called.
const endpointPath = (endpoint: string) =>
  endpoint.startsWith('/') ? endpoint : `/v2/${endpoint}`;

// The last /v2 calls of the user's keys, newest first.
export function ApiUsageSection() {
  const [page, setPage] = useState(1);
  const usage = useApiUsage(page);
  const data = usage.data;

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="api-usage">
      <Stack gap="md">
        <Title order={2} size="h4" id="api-usage">
          Usage
        </Title>
        {usage.isPending ? (
          <PageLoader />
        ) : usage.isError ? (
          <Text c="red" role="alert">
            {errorMessage(usage.error, authMessages.genericRetry)}
          </Text>
        ) : data === undefined || data.total === 0 ? (
          <Text size="sm" c="dimmed">
            No calls yet. Each call made with one of your keys shows here.
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table aria-label="API usage" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Key</Table.Th>
                    <Table.Th>Endpoint</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Credits</Table.Th>
                    <Table.Th>Time</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((row, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: usage rows have no id; a page is read whole
                    <Table.Tr key={index}>
                      <Table.Td>{row.key_name}</Table.Td>
                      <Table.Td ff="monospace">{endpointPath(row.endpoint)}</Table.Td>
                      <Table.Td c={row.status < 400 ? undefined : 'red.9'}>{row.status}</Table.Td>
                      <Table.Td>{row.credits}</Table.Td>
                      <Table.Td>{formatDateTime(row.at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <PagingFooter
              page={page}
              pages={Math.ceil(data.total / PAGE_SIZE)}
              total={data.total}
              perPage={PAGE_SIZE}
              onChange={setPage}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
