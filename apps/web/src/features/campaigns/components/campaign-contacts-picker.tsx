import {
  type CampaignAnswer,
  CONTACT_LIST_SEARCH_DEBOUNCE_MS,
  campaignMessages,
  failureMessages,
} from '@mailhound/contracts';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { searchKey } from '../../../shared/ui/search-key.tsx';
import { useContactLists } from '../../contacts/index.ts';
import { useUpdateCampaign } from '../api/update-campaign.ts';

type Option = { value: string; label: string; disabled?: boolean };

// The campaign's contacts step: an existing list is picked here; the contact lists below
// (the contacts feature's screen) create a new one.
export function CampaignContactsPicker({ campaign }: { campaign: CampaignAnswer }) {
  const current =
    campaign.customer_group_id === null
      ? null
      : {
          value: campaign.customer_group_id,
          label: campaign.customer_group_name ?? campaign.customer_group_id,
        };
  const [picked, setPicked] = useState<Option | null>(current);
  const [search, setSearch] = useState(current?.label ?? '');
  const [debounced] = useDebouncedValue(search, CONTACT_LIST_SEARCH_DEBOUNCE_MS);
  // The field shows the picked list's name once chosen: that is not a search.
  const key = debounced === picked?.label ? '' : searchKey(debounced);
  const lists = useContactLists({ page: 1, key, order: null });
  const update = useUpdateCampaign();

  // A list has one campaign (product-spec §3): another campaign's list is shown, named with
  // that campaign, but cannot be picked (the server would refuse it).
  const options: Option[] = (lists.data?.groups ?? []).map((list) => {
    const value = String(list.id);
    const owner =
      list.campaign_id === null ||
      String(list.campaign_id) === campaign.id ||
      value === campaign.customer_group_id
        ? null
        : (list.campaign_name ?? String(list.campaign_id));
    return owner === null
      ? { value, label: list.name }
      : { value, label: `${list.name} (${campaignMessages.listUsedBy(owner)})`, disabled: true };
  });
  // The picked list stays choosable while the search shows others.
  if (picked !== null && !options.some((option) => option.value === picked.value)) {
    options.unshift(picked);
  }
  const chosen = picked?.value ?? null;

  const save = () => {
    if (chosen === null) return;
    update.mutate(
      { id: campaign.id, update: { customer_group_id: chosen } },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Contact list saved.' }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: errorMessage(error, failureMessages.mail, [400, 409]),
          }),
      },
    );
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Text fw={600}>
          Contact list:{' '}
          {campaign.customer_group_name ?? (
            <Text span c="dimmed">
              none chosen yet
            </Text>
          )}
        </Text>
        <Group align="flex-end">
          <Select
            label="Send this campaign to"
            placeholder="Pick a contact list"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={options}
            value={chosen}
            onChange={(value, option) =>
              setPicked(value === null || option === null ? null : { value, label: option.label })
            }
            filter={({ options: all }) => all}
            nothingFoundMessage="No contact lists found"
            w={360}
          />
          <Button
            onClick={save}
            loading={update.isPending}
            disabled={chosen === null || chosen === campaign.customer_group_id}
          >
            Use this list
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
