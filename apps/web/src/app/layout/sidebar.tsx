import { ActionIcon, Box, Divider, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useUnreadCount } from '../../features/unibox/index.ts';
import { CreditsDisplay } from './credits-display.tsx';
import { NavItem } from './nav-item.tsx';
import { lookAlikeLink, mailGroupTitle, mailLinks, searchLinks } from './nav-links.ts';
import { useNavigationState } from './use-navigation-state.ts';

type SidebarProps = { opened: boolean; onToggle: () => void };

// Desktop: the e-mail notification service group, collapsible to icons.
// Mobile: the whole menu (the top bar's links are hidden there).
export function Sidebar({ opened, onToggle }: SidebarProps) {
  const { isLoggedIn, hasMail, locked } = useNavigationState();
  const links = isLoggedIn ? [...searchLinks, lookAlikeLink] : searchLinks;
  // Mantine's `sm` breakpoint: below it the sidebar is the full-width mobile menu.
  const desktop = useMediaQuery('(min-width: 48em)');
  const collapsed = desktop && !opened;
  const unread = useUnreadCount(hasMail && !locked);
  return (
    <ScrollArea>
      <Stack gap={4} p="xs" component="nav" aria-label="Sidebar">
        <Stack gap={4} hiddenFrom="sm">
          <Box px="xs" py={4}>
            <CreditsDisplay />
          </Box>
          {links.map((link) => (
            <NavItem key={link.to} link={link} disabled={locked} />
          ))}
          {hasMail && <Divider my="xs" />}
        </Stack>
        {hasMail && (
          <>
            <Stack gap={4} visibleFrom="sm" align={opened ? 'flex-end' : 'center'}>
              <Tooltip label={opened ? 'Collapse sidebar' : 'Expand sidebar'} position="right">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={onToggle}
                  aria-label={opened ? 'Collapse sidebar' : 'Expand sidebar'}
                  aria-expanded={opened}
                >
                  {opened ? <IconLayoutSidebarLeftCollapse /> : <IconLayoutSidebarLeftExpand />}
                </ActionIcon>
              </Tooltip>
            </Stack>
            {!collapsed && (
              // Titled as product-spec §2 writes it, not in capitals.
              <Text size="xs" fw={700} c="dimmed" px="xs" pt="xs">
                {mailGroupTitle}
              </Text>
            )}
            <Stack gap={4} role="group" aria-label={mailGroupTitle}>
              {mailLinks.map((link) => (
                <NavItem
                  key={link.to}
                  link={link}
                  disabled={locked}
                  collapsed={collapsed}
                  unread={link.to === '/unibox' ? unread.data : undefined}
                />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </ScrollArea>
  );
}
