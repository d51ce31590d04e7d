import { Anchor, Box, Burger, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconCoin, IconDog } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { marketingUrl } from '../../shared/config.ts';
import { track } from '../../shared/track.ts';
import { disabledLinkProps, useGuardedLinkClick } from '../../shared/ui/guarded-link.ts';
import { CreditsDisplay } from './credits-display.tsx';
import { lookAlikeLink, type NavLinkItem, searchLinks } from './nav-links.ts';
import { useNavigationState } from './use-navigation-state.ts';
import { useTopBarWidth } from './use-top-bar-width.ts';

// A logged-in user's menu: its code (and Mantine's Menu) loads beside the user's data, which the
// menu waits for anyway, and not in a guest's first page.
const ProfileMenu = lazy(() =>
  import('./profile-menu.tsx').then((module) => ({ default: module.ProfileMenu })),
);

type TopBarProps = { mobileOpened: boolean; onToggleMobile: () => void };

export function TopBar({ mobileOpened, onToggleMobile }: TopBarProps) {
  const { isLoggedIn, locked } = useNavigationState();
  const { showLinkLabels, showButtonLabels } = useTopBarWidth();
  const links = isLoggedIn ? [...searchLinks, lookAlikeLink] : searchLinks;
  const onAddCredits = useGuardedLinkClick('/purchase', locked);
  const onLogin = useGuardedLinkClick('/auth/login', locked);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Burger
          opened={mobileOpened}
          onClick={onToggleMobile}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
          aria-expanded={mobileOpened}
        />
        <Logo isLoggedIn={isLoggedIn} disabled={locked} />
        <Group component="nav" aria-label="Main" gap={4} visibleFrom="sm" wrap="nowrap">
          {links.map((link) => (
            <TopBarLink key={link.to} link={link} disabled={locked} showLabel={showLinkLabels} />
          ))}
        </Group>
      </Group>
      {/* Where room runs short the profile name gives way, so every control stays on screen. */}
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Box visibleFrom="sm" style={{ flexShrink: 0 }}>
          <CreditsDisplay />
        </Box>
        <Tooltip label="Add Credits" disabled={showButtonLabels}>
          <Button
            component={Link}
            to="/purchase"
            aria-label="Add Credits"
            px={showButtonLabels ? undefined : 'xs'}
            style={{ flexShrink: 0 }}
            onClick={(event) => {
              onAddCredits(event);
              if (!event.defaultPrevented) track('add_credits_click');
            }}
            {...disabledLinkProps(locked)}
          >
            {showButtonLabels ? 'Add Credits' : <IconCoin size={20} stroke={1.5} />}
          </Button>
        </Tooltip>
        {isLoggedIn ? (
          <Suspense fallback={null}>
            <ProfileMenu showName={showButtonLabels} locked={locked} />
          </Suspense>
        ) : (
          <Button
            component={Link}
            to="/auth/login"
            variant="default"
            style={{ flexShrink: 0 }}
            onClick={onLogin}
            {...disabledLinkProps(locked)}
          >
            Login
          </Button>
        )}
      </Group>
    </Group>
  );
}

// Without room for its label a link shows its icon, named by aria-label and a tooltip.
function TopBarLink({
  link,
  disabled,
  showLabel,
}: {
  link: NavLinkItem;
  disabled: boolean;
  showLabel: boolean;
}) {
  const onClick = useGuardedLinkClick(link.to, disabled);
  const Icon = link.icon;
  return (
    <Tooltip label={link.label} disabled={showLabel}>
      <Button
        component={Link}
        to={link.to}
        variant="subtle"
        color="gray"
        px="xs"
        aria-label={link.label}
        onClick={onClick}
        {...disabledLinkProps(disabled)}
      >
        {showLabel ? link.label : <Icon size={20} stroke={1.5} />}
      </Button>
    </Tooltip>
  );
}

// The logo leads home when logged in and to the marketing site otherwise.
function Logo({ isLoggedIn, disabled }: { isLoggedIn: boolean; disabled: boolean }) {
  const onClick = useGuardedLinkClick('/', disabled);
  const content = (
    <Group gap={6} wrap="nowrap">
      <IconDog size={28} stroke={1.5} />
      <Text fw={700} size="lg" visibleFrom="xs">
        Mailhound
      </Text>
    </Group>
  );
  if (isLoggedIn) {
    return (
      <Anchor
        component={Link}
        to="/"
        aria-label="Mailhound home"
        underline="never"
        c="inherit"
        onClick={onClick}
        {...disabledLinkProps(disabled)}
      >
        {content}
      </Anchor>
    );
  }
  return (
    <Anchor
      href={marketingUrl}
      aria-label="Mailhound home"
      underline="never"
      c="inherit"
      onClick={onClick}
      {...disabledLinkProps(disabled)}
    >
      {content}
    </Anchor>
  );
}
