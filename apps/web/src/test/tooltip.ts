import { screen, waitFor } from '@testing-library/react';

// A Mantine tooltip as a test can see it. jsdom lays nothing out, so once floating-ui has placed
// the tooltip, its hide-when-detached check (Tooltip's `hideDetached`) finds the anchor off
// screen and hides it with display: none; whether that has happened when the test looks depends
// on the machine's load. Its presence and its text are what jsdom can tell (a hidden element
// has no accessible name, so a tooltip is told by its text); the browser tests see the real
// thing.
export const findTooltip = (text?: string) =>
  text === undefined
    ? screen.findByRole('tooltip', { hidden: true })
    : waitFor(() => {
        const tooltip = screen
          .getAllByRole('tooltip', { hidden: true })
          .find((element) => element.textContent === text);
        if (!tooltip) throw new Error(`No tooltip reads "${text}"`);
        return tooltip;
      });

export const queryTooltip = () => screen.queryByRole('tooltip', { hidden: true });
