import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';

// The "…" menu of a table row, its items given as children (Menu.Item).
// A dialog an item opens gives focus back, on close, to this menu's button (WAI-ARIA dialog
// pattern): the button takes focus before the item acts, so the dialog remembers the button
// rather than the item, which is gone once the menu closes.
export function ActionsMenu({ name, children }: { name: string; children: ReactNode }) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Menu position="bottom-end" withinPortal hideDetached={false}>
      <Menu.Target>
        <ActionIcon ref={trigger} variant="subtle" aria-label={`Actions for ${name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClickCapture={() => trigger.current?.focus()}>{children}</Menu.Dropdown>
    </Menu>
  );
}

// The row menu of what can be renamed or deleted (campaigns, contact lists).
export function RowActionsMenu({
  name,
  onRename,
  onDelete,
}: {
  name: string;
  onRename: () => void;
  onDelete: () => void;
}) {
  return (
    <ActionsMenu name={name}>
      <Menu.Item leftSection={<IconPencil size={16} />} onClick={onRename}>
        Rename
      </Menu.Item>
      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
        Delete
      </Menu.Item>
    </ActionsMenu>
  );
}
