import { Anchor, Box, Burger, Button, Group, Text } from '@mantine/core';
import { IconDog } from '@tabler/icons-react';
import { Link } from 'react-router';
import { marketingUrl } from '../../shared/config.ts';
import { track } from '../../shared/track.ts';
import { disabledLinkProps, useGuardedLinkClick } from '../../shared/ui/guarded-link.ts';
import { CreditsDisplay } from './credits-display.tsx';
import { lookAlikeLink, type NavLinkItem, searchLinks } from './nav-links.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { useNavigationState } from './use-navigation-state.ts';

type TopBarProps = { mobileOpened: boolean; onToggleMobile: () => void };

export function TopBar({ mobileOpened, onToggleMobile }: TopBarProps) {
  const { isLoggedIn, locked } = useNavigationState();
  const links = isLoggedIn ? [...searchLinks, lookAlikeLink] : searchLinks;
  const onAddCredits = useGuardedLinkClick('/purchase', locked);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
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
            <TopBarLink key={link.to} link={link} disabled={locked} />
          ))}
        </Group>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Box visibleFrom="sm">
          <CreditsDisplay />
        </Box>
        <Button
          component={Link}
          to="/purchase"
          onClick={(event) => {
            onAddCredits(event);
            if (!event.defaultPrevented) track('add_credits_click');
          }}
          {...disabledLinkProps(locked)}
        >
          Add Credits
        </Button>
        {isLoggedIn ? (
          <ProfileMenu />
        ) : (
          <Button component={Link} to="/auth/login" variant="default">
            Login
          </Button>
        )}
      </Group>
    </Group>
  );
}

function TopBarLink({ link, disabled }: { link: NavLinkItem; disabled: boolean }) {
  const onClick = useGuardedLinkClick(link.to, disabled);
  return (
    <Button
      component={Link}
      to={link.to}
      variant="subtle"
      color="gray"
      onClick={onClick}
      {...disabledLinkProps(disabled)}
    >
      {link.label}
    </Button>
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
