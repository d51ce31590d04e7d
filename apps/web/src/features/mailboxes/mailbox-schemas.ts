import { PAGE_SIZE } from '@mailhound/contracts';
import { z } from 'zod';

// Mailbox answers of the mail service (api-spec §7 "Mailboxes", product-spec §3 "Mailbox"); the
// password is never returned.
export const mailboxSchema = z.object({
  id: z.union([z.string(), z.number()]),
  status: z.enum(['active', 'error']),
  status_message: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  description: z
    .string()
    .nullable()
    .transform((value) => value ?? ''),
  smtp_host: z.string(),
  smtp_port: z.number().int(),
  imap_host: z.string(),
  imap_port: z.number().int(),
  emails_limit: z.number().int(),
  min_email_gap: z.number().int(),
  max_email_gap: z.number().int(),
  created: z.string().optional(),
});
export type Mailbox = z.infer<typeof mailboxSchema>;

export const mailboxPageSchema = z.object({
  mailboxes: z.array(mailboxSchema),
  page: z.number().int(),
  pages: z.number().int(),
  per_page: z.number().int().default(PAGE_SIZE),
  total_count: z.number().int(),
});
export type MailboxPage = z.infer<typeof mailboxPageSchema>;
