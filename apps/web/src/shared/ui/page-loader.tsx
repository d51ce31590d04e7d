import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
