import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

// Every screen starts with its real title; screens built by later issues show only that.
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(`${title} | Mailhound`);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
