import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

// A spend asks first (shared/ui/spend-confirm.tsx): clicks `button` on the page, then the
// confirming button of the dialog titled `title` that shows the price, and waits until the
// dialog has gone.
export async function clickAndConfirm(user: UserEvent, button: string, title = button) {
  await user.click(screen.getByRole('button', { name: button }));
  const dialog = within(await screen.findByRole('dialog', { name: title }));
  await user.click(dialog.getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
}
