import {
  CONTACT_LIST_SEARCH_DEBOUNCE_MS,
  SEARCH_KEY_MAX,
  threadStatuses,
} from '@mailhound/contracts';
import { Group, Select, Switch, Tabs, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useCampaignChoices, useCampaignMailboxes } from '../../campaigns/index.ts';
import type { UniboxFilters } from '../unibox-filters.ts';
import { threadStatusLabels } from './thread-status-badge.tsx';

const ALL = 'all';

// Status tabs, campaign and mailbox choices, "Unread only" and the search box. The search
// waits like the other list searches (500 ms after the last key press).
export function ThreadFilters({
  filters,
  onChange,
}: {
  filters: UniboxFilters;
  onChange: (change: Partial<UniboxFilters>) => void;
}) {
  const campaigns = useCampaignChoices();
  const mailboxes = useCampaignMailboxes();
  const [text, setText] = useState(filters.key);
  const [shownKey, setShownKey] = useState(filters.key);
  // The URL's key changed from elsewhere (Back, a link): the box follows. A key the box itself
  // sent (after the debounce) leaves what is being typed alone.
  if (filters.key !== shownKey) {
    setShownKey(filters.key);
    if (filters.key !== text.trim()) setText(filters.key);
  }
  const search = useDebouncedCallback(
    (value: string) => onChange({ key: value.trim() }),
    CONTACT_LIST_SEARCH_DEBOUNCE_MS,
  );

  return (
    <>
      <Tabs
        value={filters.status ?? ALL}
        onChange={(value) =>
          onChange({ status: threadStatuses.find((status) => status === value) ?? null })
        }
      >
        <Tabs.List aria-label="Status">
          <Tabs.Tab value={ALL}>All</Tabs.Tab>
          {threadStatuses.map((status) => (
            <Tabs.Tab key={status} value={status}>
              {threadStatusLabels[status]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="flex-end">
        <TextInput
          aria-label="Search conversations"
          placeholder="Search by lead or subject"
          leftSection={<IconSearch size={16} />}
          maxLength={SEARCH_KEY_MAX}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            search(event.currentTarget.value);
          }}
          w={260}
        />
        <Select
          label="Campaign"
          placeholder="All campaigns"
          data={(campaigns.data ?? []).map((campaign) => ({
            value: campaign.id,
            label: campaign.name,
          }))}
          value={filters.campaignId}
          onChange={(value) => onChange({ campaignId: value })}
          clearable
          searchable
          w={220}
        />
        <Select
          label="Mailbox"
          placeholder="All mailboxes"
          data={(mailboxes.data ?? []).map((mailbox) => ({
            value: mailbox.id,
            label: mailbox.email,
          }))}
          value={filters.mailboxId}
          onChange={(value) => onChange({ mailboxId: value })}
          clearable
          searchable
          w={220}
        />
        <Switch
          label="Unread only"
          checked={filters.unreadOnly}
          onChange={(event) => onChange({ unreadOnly: event.currentTarget.checked })}
          mb={8}
        />
      </Group>
    </>
  );
}
