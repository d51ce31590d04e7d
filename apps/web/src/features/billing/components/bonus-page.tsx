import { bulkMessages } from '@mailhound/contracts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useOneTimeReward } from '../api/get-one-time-reward.ts';

// product-spec §2 "Bonus page"; api-spec §7: a 400 (bonus already received) goes to
// /search/single, any other failure says 'Something went wrong.'.
export function BonusPage() {
  const reward = useOneTimeReward();
  const queryClient = useQueryClient();
  const granted = reward.isSuccess;

  useEffect(() => {
    if (granted) queryClient.invalidateQueries({ queryKey: balanceKey });
  }, [granted, queryClient]);

  if (reward.isError && reward.error instanceof ApiError && reward.error.status === 400) {
    return <Navigate to="/search/single" replace />;
  }
  return (
    <Page title="Bonus Credits">
      {reward.isPending ? (
        <PageLoader />
      ) : reward.isError ? (
        <Text c="red">{bulkMessages.bonusFailed}</Text>
      ) : (
        <Paper withBorder p="xl" radius="md" maw={640}>
          <Stack gap="md">
            <Title order={2} size="h3">
              Congratulations!
            </Title>
            <Text size="lg">
              {`You have received ${reward.data.amount.toLocaleString('en-US')} bonus credits.`}
            </Text>
            <Text>Put them to work: find and verify business emails right now.</Text>
            <Group>
              <Button component={Link} to="/search/bulk">
                Make Bulk Search
              </Button>
              <Button component={Link} to="/search/single" variant="light">
                Make Single Search
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Page>
  );
}
