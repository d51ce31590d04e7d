import {
  CAMPAIGN_MAILBOX_COUNT,
  CAMPAIGN_MAILBOX_PAGE,
  mailboxPageSchema,
} from '@mailhound/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { mailClient } from '../../../shared/api/clients.ts';

// Only what the Accounts to Use choice and the paused notice show of a mailbox.
const mailboxChoiceSchema = mailboxPageSchema.shape.mailboxes.element.pick({
  id: true,
  email: true,
  name: true,
  status: true,
  sending_paused_reason: true,
});
export type MailboxChoice = z.infer<typeof mailboxChoiceSchema>;

const mailboxChoicesSchema = mailboxPageSchema
  .pick({ mailboxes: true })
  .extend({ mailboxes: mailboxChoiceSchema.array() })
  .transform((page) => page.mailboxes);

// api-spec §9: the campaign screens ask the first 100 mailboxes.
export function getCampaignMailboxes(): Promise<MailboxChoice[]> {
  return mailClient.get('/mailboxes/list', {
    query: { page: CAMPAIGN_MAILBOX_PAGE, count: CAMPAIGN_MAILBOX_COUNT },
    schema: mailboxChoicesSchema,
  });
}

export function useCampaignMailboxes() {
  return useQuery({
    queryKey: ['mail', 'mailboxes', 'campaign-choices'],
    queryFn: getCampaignMailboxes,
  });
}
