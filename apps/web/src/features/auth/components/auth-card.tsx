import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

type AuthCardProps = { title: string; subtitle?: ReactNode; children: ReactNode };

export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  useDocumentTitle(`${title} | Mailhound`);
  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" maw={440} mx="auto" my="xl">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
