import { PROFILE_NAME_DISPLAY_MAX } from '@mailhound/contracts';
import { Button, Menu, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../shared/session/api/get-current-user.ts';
import { logout } from '../../shared/session/session-store.ts';
import { disabledLinkProps, useGuardedLinkClick } from '../../shared/ui/guarded-link.ts';

// The full name is cut to 25 characters plus an ellipsis (product-spec §2).
export function shortenName(name: string): string {
  return name.length > PROFILE_NAME_DISPLAY_MAX
    ? `${name.slice(0, PROFILE_NAME_DISPLAY_MAX)}…`
    : name;
}

// Where room is short the button shows only the icon; aria-label and title still name it.
export function ProfileMenu({ showName, locked }: { showName: boolean; locked: boolean }) {
  const user = useCurrentUser();
  const onAccountSettings = useGuardedLinkClick('/settings/account', locked);
  // Start-aligned up to 991px wide, end-aligned above.
  const narrow = useMediaQuery('(max-width: 991px)');
  if (user.data === undefined) return null;
  const fullName = `${user.data.fname} ${user.data.lname}`.trim();
  const shownName = shortenName(fullName);
  return (
    // The top bar is fixed, so the menu's target never scrolls out of view.
    <Menu position={narrow ? 'bottom-start' : 'bottom-end'} withinPortal hideDetached={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          miw={0}
          aria-label={shownName}
          title={fullName}
          leftSection={<IconUserCircle size={20} />}
          rightSection={<IconChevronDown size={16} />}
        >
          {showName && (
            // Short of room the top bar narrows the name further, ending it with an ellipsis.
            <Text span inherit truncate>
              {shownName}
            </Text>
          )}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Until the e-mail is verified Account Settings is disabled like every other link. */}
        <Menu.Item
          component={Link}
          to="/settings/account"
          leftSection={<IconSettings size={16} />}
          onClick={onAccountSettings}
          {...disabledLinkProps(locked)}
        >
          Account Settings
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
