import { Anchor, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Page } from '../../../shared/ui/page.tsx';
import { ApiKeysSection } from './api-keys-section.tsx';
import { ApiUsageSection } from './api-usage-section.tsx';
import { CopyValueButton } from './copy-value-button.tsx';

// Settings › API (issue 23): keys for the Hunter-compatible /v2 API, and what they were used for.
export function ApiSettingsPage() {
  return (
    <Page title="API">
      <ApiKeysSection />
      <HowToCall />
      <ApiUsageSection />
    </Page>
  );
}

function HowToCall() {
  const baseUrl = `${window.location.origin}/v2`;
  const curl = `curl "${baseUrl}/account?api_key=YOUR_API_KEY"`;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="how-to-call">
      <Stack gap="xs">
        <Title order={2} size="h4" id="how-to-call">
          How to call
        </Title>
        <Text size="sm">
          The API follows Hunter's API v2: a Hunter client works by changing only its base URL. Send
          the key as the <Code>api_key</Code> parameter, an <Code>X-API-KEY</Code> header or{' '}
          <Code>Authorization: Bearer</Code>.
        </Text>
        <Text size="sm">
          Base URL: <Code>{baseUrl}</Code>
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code block style={{ flex: 1 }}>
            {curl}
          </Code>
          <CopyValueButton value={curl} label="Copy example call" />
        </Group>
        <Anchor href="/v2/docs" target="_blank" size="sm" w="fit-content">
          API reference (/v2/docs)
        </Anchor>
      </Stack>
    </Paper>
  );
}
