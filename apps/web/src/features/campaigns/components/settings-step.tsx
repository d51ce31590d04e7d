import { zodResolver } from '@hookform/resolvers/zod';
import { type CampaignAnswer, type CampaignSettings, campaignMessages } from '@mailhound/contracts';
import {
  Box,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { toFourDigits } from '../../../shared/four-digits.ts';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useCampaign } from '../api/get-campaign.ts';
import { type MailboxChoice, useCampaignMailboxes } from '../api/get-campaign-mailboxes.ts';
import { useUpdateCampaignSettings } from '../api/update-campaign-settings.ts';
import {
  type SettingsFormValues,
  type SettingsNumberField,
  settingsFieldId,
  settingsFieldOrder,
  settingsFormDefaults,
  settingsFormSchema,
  toPercentText,
} from '../settings-form-values.ts';
import { CAMPAIGN_HEADER_ID } from './campaign-configuration-layout.tsx';

const accountsTooltip = 'At least 1 account is needed to send this campaign.';

export function SettingsStep() {
  const { campaignId = '' } = useParams();
  const campaign = useCampaign(campaignId);
  if (!campaign.data) return <PageLoader />;
  return <SettingsForm campaign={campaign.data} />;
}

function mailboxLabel(mailbox: MailboxChoice): string {
  const name = mailbox.name ? `${mailbox.name} <${mailbox.email}>` : mailbox.email;
  if (mailbox.status !== 'active') return `${name} (connection error)`;
  return mailbox.sending_paused_reason ? `${name} (sending paused)` : name;
}

function scrollToId(id: string, block: ScrollLogicalPosition) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block });
}

// product-spec §2 "Campaign settings screen", §4 "Campaign settings", §5 sending settings.
function SettingsForm({ campaign }: { campaign: CampaignAnswer }) {
  const save = useUpdateCampaignSettings();
  // api-spec §8: a failed mailbox list is silently ignored (the choice is just empty).
  const mailboxes = useCampaignMailboxes();
  const form = useForm<SettingsFormValues, unknown, CampaignSettings>({
    resolver: zodResolver(settingsFormSchema),
    // Checked as typed and when a field is left.
    mode: 'all',
    defaultValues: settingsFormDefaults(campaign),
  });
  const sendAsText = form.watch('send_as_text');

  const options = (mailboxes.data ?? []).map((mailbox) => ({
    value: mailbox.id,
    label: mailboxLabel(mailbox),
  }));
  // A chosen mailbox beyond the first 100 still shows as chosen.
  for (const id of campaign.mailbox_ids) {
    if (!options.some((option) => option.value === id)) options.push({ value: id, label: id });
  }

  const onValid = async (settings: CampaignSettings) => {
    try {
      const saved = await save.mutateAsync({ id: campaign.id, settings });
      form.reset(settingsFormDefaults(saved));
      notifications.show({ color: 'green', message: 'Settings saved.' });
      scrollToId(CAMPAIGN_HEADER_ID, 'start');
    } catch {
      notifications.show({ color: 'red', message: campaignMessages.settingsSaveFailed });
    }
  };

  const onInvalid = (errors: FieldErrors<SettingsFormValues>) => {
    const first = settingsFieldOrder.find((name) => errors[name] !== undefined);
    if (first) scrollToId(settingsFieldId(first), 'center');
  };

  const numberInput = (
    name: SettingsNumberField,
    label: string,
    description?: string,
    // Whole numbers by default; the complaint threshold takes a decimal.
    typed: (text: string) => string = toFourDigits,
  ) => (
    <Controller
      control={form.control}
      name={name}
      // Min and max are compared, so a change of min checks max again.
      rules={{ deps: name === 'min_email_gap' ? ['max_email_gap'] : [] }}
      render={({ field, fieldState }) => (
        <TextInput
          id={settingsFieldId(name)}
          ref={field.ref}
          label={label}
          description={description}
          inputMode={typed === toFourDigits ? 'numeric' : 'decimal'}
          required
          value={field.value}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(typed(event.currentTarget.value))}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <form
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      noValidate
      aria-label="Campaign settings"
    >
      <Stack maw={760}>
        <Section title="Accounts to Use">
          <Controller
            control={form.control}
            name="mailbox_ids"
            render={({ field, fieldState }) => (
              <MultiSelect
                id={settingsFieldId('mailbox_ids')}
                ref={field.ref}
                label={
                  <Group gap={4} component="span">
                    Accounts
                    <Tooltip label={accountsTooltip} withArrow>
                      <Box
                        component="span"
                        role="img"
                        tabIndex={0}
                        aria-label={accountsTooltip}
                        lh={0}
                      >
                        <IconInfoCircle size={16} aria-hidden />
                      </Box>
                    </Tooltip>
                  </Group>
                }
                placeholder={field.value.length === 0 ? 'Select accounts' : undefined}
                data={options}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                searchable
                nothingFoundMessage="No mailboxes found"
                error={fieldState.error?.message}
              />
            )}
          />
        </Section>

        <Section title="Stop Sending Emails on Reply">
          <Controller
            control={form.control}
            name="stop_after_reply"
            render={({ field }) => (
              <Switch
                label="Stop sending to a contact once they reply"
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
        </Section>

        <Section title="Open Tracking">
          <Tooltip label={campaignMessages.openTrackingLater} withArrow position="top-start">
            <Box w="fit-content" data-testid="open-tracking">
              <Controller
                control={form.control}
                name="track_email"
                render={({ field }) => (
                  <Switch label="Track email opens" checked={field.value} disabled readOnly />
                )}
              />
            </Box>
          </Tooltip>
          <Controller
            control={form.control}
            name="link_tracking"
            render={({ field }) => (
              <Switch
                label="Track link clicks"
                checked={field.value}
                disabled={sendAsText}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
        </Section>

        <Section title="Delivery Optimization (Recommended)">
          <Controller
            control={form.control}
            name="send_as_text"
            render={({ field }) => (
              <Switch
                label="Send emails as text-only"
                description="Plain text carries no tracking, so both tracking switches turn off."
                checked={field.value}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  field.onChange(on);
                  // product-spec §4: text-only forces both tracking switches off.
                  if (on) {
                    form.setValue('track_email', false);
                    form.setValue('link_tracking', false);
                  }
                }}
              />
            )}
          />
        </Section>

        <Section title="Daily Limit">
          <Box maw={240}>
            {numberInput(
              'emails_limit',
              'Emails per day per account',
              "0 uses each mailbox's own limit",
            )}
          </Box>
        </Section>

        <Section title="Sending pattern">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {numberInput('min_email_gap', 'Min gap (seconds)')}
            {numberInput('max_email_gap', 'Max gap (seconds)')}
            {numberInput('max_new_leads', 'Max new leads per day', '0 means no daily cap')}
          </SimpleGrid>
          <Controller
            control={form.control}
            name="new_leads_first"
            render={({ field }) => (
              <Switch
                label="Prioritize new leads over follow-ups"
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
        </Section>

        <Section title="Bounce protection">
          <Box maw={240}>
            {numberInput(
              'bounce_threshold',
              'Pause above this bounce rate (%)',
              'Over the last 100 e-mails, once 20 have gone out',
            )}
          </Box>
          <Controller
            control={form.control}
            name="include_risky"
            render={({ field }) => (
              <Checkbox
                label="Include risky addresses"
                description="Send to addresses verified as accept-all or unknown too; invalid ones are always skipped."
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
        </Section>

        <Section title="Complaint protection">
          <Box maw={240}>
            {numberInput(
              'complaint_threshold',
              'Pause above this spam complaint rate (%)',
              'Over the last 1,000 e-mails, once 100 have gone out or 2 complaints came',
              toPercentText,
            )}
          </Box>
        </Section>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
