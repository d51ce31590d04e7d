import { Badge, Indicator, NavLink, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { disabledLinkProps, useGuardedLinkClick } from '../../shared/ui/guarded-link.ts';
import type { NavLinkItem } from './nav-links.ts';

type NavItemProps = {
  link: NavLinkItem;
  disabled: boolean;
  collapsed?: boolean;
  // The Unibox's unread conversations.
  unread?: number;
};

export function NavItem({ link, disabled, collapsed = false, unread = 0 }: NavItemProps) {
  const location = useLocation();
  const onClick = useGuardedLinkClick(link.to, disabled);
  const Icon = link.icon;
  const item = (
    <NavLink
      component={Link}
      to={link.to}
      label={collapsed ? undefined : link.label}
      aria-label={
        collapsed ? (unread > 0 ? `${link.label} ${unread} unread` : link.label) : undefined
      }
      leftSection={
        // Collapsed, the unread count is a dot on the icon and a word in the tooltip.
        collapsed && unread > 0 ? (
          <Indicator size={8} offset={2}>
            <Icon size={20} stroke={1.5} />
          </Indicator>
        ) : (
          <Icon size={20} stroke={1.5} />
        )
      }
      rightSection={
        !collapsed && unread > 0 ? (
          <Badge size="sm" variant="filled" aria-label={`${unread} unread`}>
            {unread}
          </Badge>
        ) : undefined
      }
      active={location.pathname.startsWith(link.to)}
      onClick={onClick}
      {...disabledLinkProps(disabled)}
    />
  );
  if (!collapsed) return item;
  // Collapsed sidebar links show their label as a tooltip.
  return (
    <Tooltip
      label={unread > 0 ? `${link.label} (${unread} unread)` : link.label}
      position="right"
      withArrow
    >
      {item}
    </Tooltip>
  );
}
