import { useMediaQuery } from '@mantine/hooks';

// What the top bar has room for (measured with a 25-character name and every link shown):
// the links' labels from 1280px, the Add Credits label and the profile name from 992px.
// Narrower, those controls show only their icons.
export function useTopBarWidth() {
  const options = { getInitialValueInEffect: false };
  return {
    showLinkLabels: useMediaQuery('(min-width: 80em)', false, options),
    showButtonLabels: useMediaQuery('(min-width: 62em)', false, options),
  };
}
