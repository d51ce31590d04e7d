import { PROFILE_NAME_DISPLAY_MAX } from '@mailhound/contracts';
import { Button, Menu, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../shared/session/api/get-current-user.ts';
import { logout } from '../../shared/session/session-store.ts';

// The full name is cut to 25 characters plus an ellipsis (product-spec §2).
export function shortenName(name: string): string {
  return name.length > PROFILE_NAME_DISPLAY_MAX
    ? `${name.slice(0, PROFILE_NAME_DISPLAY_MAX)}…`
    : name;
}

export function ProfileMenu() {
  const user = useCurrentUser();
  // Start-aligned up to 991px wide, end-aligned above.
  const narrow = useMediaQuery('(max-width: 991px)');
  if (user.data === undefined) return null;
  const fullName = `${user.data.fname} ${user.data.lname}`.trim();
  return (
    // The top bar is fixed, so the menu's target never scrolls out of view.
    <Menu position={narrow ? 'bottom-start' : 'bottom-end'} withinPortal hideDetached={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          // Narrow screens show only the icon; the title still names the button.
          title={fullName}
          leftSection={<IconUserCircle size={20} />}
          rightSection={<IconChevronDown size={16} />}
        >
          <Text span inherit visibleFrom="sm">
            {shortenName(fullName)}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/settings/account" leftSection={<IconSettings size={16} />}>
          Account Settings
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
