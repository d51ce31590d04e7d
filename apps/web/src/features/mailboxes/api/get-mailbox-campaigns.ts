import { type MailboxCampaign, mailboxCampaignsSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';

// Outside the mailboxes key: invalidating the list after a deletion must not ask again for the
// campaigns of the mailbox just deleted.
export const mailboxCampaignsKey = (id: string) => ['mail', 'mailbox-campaigns', id] as const;

const campaignsOnlySchema = mailboxCampaignsSchema.transform((answer) => answer.campaigns);

export function getMailboxCampaigns(id: string): Promise<MailboxCampaign[]> {
  return mailClient.get(`/mailboxes/${encodeURIComponent(id)}/campaigns`, {
    schema: campaignsOnlySchema,
  });
}

export const mailboxCampaignsQueryOptions = (id: string) =>
  queryOptions({ queryKey: mailboxCampaignsKey(id), queryFn: () => getMailboxCampaigns(id) });

export function useMailboxCampaigns(id: string | null) {
  return useQuery({ ...mailboxCampaignsQueryOptions(id ?? ''), enabled: id !== null });
}
