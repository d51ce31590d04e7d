import { screen } from '@testing-library/react';

// A Mantine tooltip as a test can see it. jsdom lays nothing out, so once floating-ui has placed
// the tooltip, its hide-when-detached check (Tooltip's `hideDetached`) finds the anchor off
// screen and hides it with display: none; whether that has happened when the test looks depends
// on the machine's load. Its presence and its text are what jsdom can tell; the browser tests
// see the real thing.
export const findTooltip = (name?: string) =>
  screen.findByRole('tooltip', { hidden: true, ...(name === undefined ? {} : { name }) });

export const queryTooltip = () => screen.queryByRole('tooltip', { hidden: true });
