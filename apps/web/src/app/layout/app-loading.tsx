import { Center, Loader } from '@mantine/core';

// Shown while the first screen's code loads (a screen opened straight from its URL).
export function AppLoading() {
  return (
    <Center h="100vh">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
