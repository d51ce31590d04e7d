import {
  IconAddressBook,
  IconBuildingSkyscraper,
  IconChartBar,
  IconCopy,
  IconFileSpreadsheet,
  IconInbox,
  IconMailbox,
  IconMailCheck,
  IconSearch,
  IconSend,
  IconUserSearch,
  IconWorldSearch,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export type NavLinkItem = {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
};

// product-spec §2 "Navigation": the top bar's links; Look-Alike only when logged in.
export const searchLinks: NavLinkItem[] = [
  { label: 'Search', to: '/search/single', icon: IconSearch },
  { label: 'Bulk Search', to: '/search/bulk', icon: IconFileSpreadsheet },
  { label: 'Email Verifier', to: '/verify', icon: IconMailCheck },
  { label: 'Company Finder', to: '/company-finder', icon: IconBuildingSkyscraper },
  { label: 'Lead Finder', to: '/lead-finder', icon: IconUserSearch },
  { label: 'Domain Search', to: '/domain-search', icon: IconWorldSearch },
];

export const lookAlikeLink: NavLinkItem = {
  label: 'Look-Alike',
  to: '/look-alike',
  icon: IconCopy,
};

export const mailGroupTitle = 'Email Notification Service';

// Shown only to users whose properties.sections includes mail.
export const mailLinks: NavLinkItem[] = [
  { label: 'Unibox', to: '/unibox', icon: IconInbox },
  { label: 'Campaign', to: '/campaigns', icon: IconSend },
  { label: 'Contacts', to: '/contacts', icon: IconAddressBook },
  { label: 'Sender List', to: '/sender-list', icon: IconMailbox },
  { label: 'Analytics', to: '/analytics', icon: IconChartBar },
];
