import { Stack, Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../shared/session/api/get-current-user.ts';
import { useSession } from '../../../shared/session/use-session.ts';

const tabs = [
  { value: 'account', label: 'Account' },
  { value: 'password', label: 'Password' },
  { value: 'billing', label: 'Billing' },
  { value: 'invoices', label: 'Invoices' },
  { value: 'api', label: 'API' },
  { value: 'webhooks', label: 'Webhooks' },
  { value: 'delete', label: 'Delete Account' },
  // Mail-section users only (issue 25).
  { value: 'suppression', label: 'Do-not-email' },
];

export function SettingsLayout() {
  const { loginProvider } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.split('/')[2] ?? 'account';
  // Identity-provider users have no password page (product-spec §6).
  const mail = useCurrentUser().data?.properties.sections.includes('mail') ?? false;
  const visible = tabs.filter(
    (tab) =>
      (tab.value !== 'password' || loginProvider !== 'google') &&
      (tab.value !== 'suppression' || mail),
  );
  return (
    <Stack gap="lg">
      <Tabs value={current} onChange={(value) => value && navigate(`/settings/${value}`)}>
        <Tabs.List aria-label="Settings">
          {visible.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
