import { Menu } from '@mantine/core';
import type { FocusEvent, ReactElement } from 'react';

export type TemplateVariableChoice = {
  label: string;
  token: string;
  // Inserted into HTML as a link to itself, so the filled-in URL can be clicked.
  asLink?: boolean;
};

// Focus that moves from a field into its variables menu has not left the field: no "touched"
// error should appear while a variable is being picked.
export function movesIntoVariablesMenu(event: FocusEvent | globalThis.FocusEvent): boolean {
  const next = event.relatedTarget;
  return next instanceof Element && next.closest('[data-variables-menu]') !== null;
}

// A menu of template variables for one field. Focus goes back to that field however the menu
// closes (picked, Escape, click outside), not to the button that opened it.
export function VariablesMenu({
  variables,
  onPick,
  onClose,
  children,
}: {
  variables: readonly TemplateVariableChoice[];
  onPick: (variable: TemplateVariableChoice) => void;
  onClose: () => void;
  // The button that opens the menu.
  children: ReactElement;
}) {
  return (
    <Menu
      position="bottom-end"
      withinPortal
      hideDetached={false}
      returnFocus={false}
      onClose={onClose}
    >
      <Menu.Target>{children}</Menu.Target>
      <Menu.Dropdown data-variables-menu>
        {variables.map((variable) => (
          <Menu.Item key={variable.token} onClick={() => onPick(variable)}>
            {variable.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
