import { type RefObject, useEffect, useRef, useState } from 'react';

// After a row is removed the focus stays in the table: on the action button of the row now in
// the removed one's place (or of the last row), or on a fallback (the search or name field)
// when no row is left. Call `focusAfterRemoval(row)` once the removal is done and the rows are
// read again; give each row's button `buttonRef(id)`.
export function useFocusAfterRemoval(
  rows: readonly { id: string }[] | undefined,
  fallback: RefObject<HTMLElement | null>,
) {
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const buttons = useRef(new Map<string, HTMLElement>());

  useEffect(() => {
    if (focusRow === null || rows === undefined) return;
    const next = rows[Math.min(focusRow, rows.length - 1)];
    (next === undefined ? fallback.current : buttons.current.get(next.id))?.focus();
    setFocusRow(null);
  }, [focusRow, rows, fallback]);

  const buttonRef = (id: string) => (button: HTMLElement | null) => {
    if (button) buttons.current.set(id, button);
    else buttons.current.delete(id);
  };
  return { focusAfterRemoval: setFocusRow, buttonRef };
}
