import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

// Test helpers for the finders' filter panel.
export const filterInput = (label: string) => screen.getByLabelText(label, { selector: 'input' });

// Mantine hides a dropdown whose target has no layout (jsdom): its options are picked by role
// inside the listbox the field controls.
export async function pickOption(user: UserEvent, label: string, option: string) {
  const field = filterInput(label);
  await user.click(field);
  const listbox = document.getElementById(field.getAttribute('aria-controls') ?? '');
  if (listbox === null) throw new Error(`${label} has no listbox`);
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}
