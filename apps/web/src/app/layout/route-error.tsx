import { Button, Text } from '@mantine/core';
import { Page } from '../../shared/ui/page.tsx';

// A screen that failed to load or to draw (its code missing after a new release, a dropped
// connection, a bug) says so in words and offers a reload, instead of the router's raw trace.
export function RouteError() {
  return (
    <Page title="Something went wrong">
      <Text role="alert">This page could not be shown. Reload the page to try again.</Text>
      <Button w="fit-content" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </Page>
  );
}
