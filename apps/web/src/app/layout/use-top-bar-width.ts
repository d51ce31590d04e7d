import { useMediaQuery } from '@mantine/hooks';

// What the top bar has room for (measured by e2e/layout.e2e.ts with every link shown): the
// links' labels from 1600px (seven of them since Email Verifier and Domain Search), the Add
// Credits label and the profile name from 992px.
// Narrower, those controls show only their icons.
export function useTopBarWidth() {
  const options = { getInitialValueInEffect: false };
  return {
    showLinkLabels: useMediaQuery('(min-width: 100em)', false, options),
    showButtonLabels: useMediaQuery('(min-width: 62em)', false, options),
  };
}
