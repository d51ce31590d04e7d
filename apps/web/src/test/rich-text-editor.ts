import { waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

// Typing into the rich-text editor (ProseMirror) under jsdom. ProseMirror reads what the
// browser wrote into the page and redraws it; with user-event's pause between keys that redraw
// swaps the text node the next key goes into, and keys are lost. So the editor is entered the
// way a user can (its label; a click inside has no layout to land on in jsdom) and the text is
// typed without pauses. Keys ProseMirror handles itself (Enter, Mod-b, Mod-a) work as in a
// browser. Like user-event's, '{' is typed as '{{'; no text only enters the editor.
export async function typeIntoEditor(user: UserEvent, editor: HTMLElement, text: string) {
  if (document.activeElement !== editor) {
    const label = document.getElementById(editor.getAttribute('aria-labelledby') ?? '');
    if (!label) throw new Error('The editor has no label to click');
    await user.click(label);
    await waitFor(() => {
      if (document.activeElement !== editor) throw new Error('The editor did not take focus');
    });
  }
  if (text !== '') await user.setup({ delay: null }).keyboard(text);
}
