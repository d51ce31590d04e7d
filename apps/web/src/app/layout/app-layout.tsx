import { storageKeys } from '@mailhound/contracts';
import { AppShell, Container } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './footer.tsx';
import { FreePlanBanner } from './free-plan-banner.tsx';
import { SessionEffects } from './session-effects.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { useNavigationState } from './use-navigation-state.ts';

// `children` stands in for the routed screen where the router shows an error instead.
export function AppLayout({ children }: { children?: ReactNode }) {
  const { hasMail } = useNavigationState();
  const [mobileOpened, mobileMenu] = useDisclosure(false);
  // The sidebar open or closed choice is kept in local storage (product-spec §2).
  const [sidebarOpened, setSidebarOpened] = useLocalStorage({
    key: storageKeys.sidebar,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const { pathname } = useLocation();

  // The mobile menu closes on route change.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    mobileMenu.close();
  }

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: sidebarOpened ? 260 : 72,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: !hasMail },
      }}
      padding="md"
    >
      <SessionEffects />
      <AppShell.Header>
        <TopBar mobileOpened={mobileOpened} onToggleMobile={mobileMenu.toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar opened={sidebarOpened} onToggle={() => setSidebarOpened((opened) => !opened)} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Container size="lg">
          <FreePlanBanner />
          {children ?? <Outlet />}
          <Footer />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
