import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, onTestFinished } from 'vitest';

// Opens an item of a row's Actions menu, closes the dialog it opens with Escape and expects the
// focus back on the Actions button (WAI-ARIA dialog pattern).
export async function expectFocusBackFromRowDialog(user: UserEvent, row: string, item: string) {
  const actions = await screen.findByRole('button', { name: `Actions for ${row}` });
  await user.click(actions);
  await user.click(await screen.findByRole('menuitem', { name: item }));
  await screen.findByRole('dialog');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(actions).toHaveFocus());
}

// jsdom leaves focus on a button that turns disabled (a Mantine Button while it loads); a browser
// moves it to <body> (HTML's focus fixup rule). This makes jsdom do the same for one test.
export function blurWhatTurnsDisabled() {
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.matches(':disabled')) active.blur();
  });
  observer.observe(document.body, {
    attributes: true,
    attributeFilter: ['disabled'],
    subtree: true,
  });
  onTestFinished(() => observer.disconnect());
}
