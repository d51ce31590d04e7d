import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../shared/ui/page.tsx';

export function NotFoundPage() {
  return (
    <Page title="Not Found">
      <Text>The page you are looking for does not exist or has been moved.</Text>
      <Button component={Link} to="/" w="fit-content">
        Go to the home page
      </Button>
    </Page>
  );
}
