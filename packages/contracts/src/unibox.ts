import { z } from 'zod';
import { PAGE_SIZE_MAX, SEARCH_KEY_MAX } from './constants.ts';
import { customerNoteSchema, forwardSchema, replySchema } from './mail.ts';

// The Unibox: one inbox over all of a user's mailboxes. A thread is one contact's conversation
// with one campaign (through the mailbox the campaign wrote from); it appears once the contact
// answers: a reply, an auto-reply or a bounce report matched to one of our sends.

export const UNIBOX_PAGE_SIZE = 20;

// replied: at least one real reply; otherwise bounced when a bounce report came back; otherwise
// auto_reply (only out-of-office style answers so far).
export const threadStatuses = ['replied', 'auto_reply', 'bounced'] as const;
export const threadStatusSchema = z.enum(threadStatuses);
export type ThreadStatus = z.infer<typeof threadStatusSchema>;

export const threadListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  count: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(UNIBOX_PAGE_SIZE),
  campaign_id: z.string().optional(),
  mailbox_id: z.string().optional(),
  status: threadStatusSchema.optional(),
  unread: z.enum(['true', 'false']).optional(),
  // Lead e-mail, lead name or subject, case-insensitive.
  key: z.string().trim().max(SEARCH_KEY_MAX).optional(),
});
export type ThreadListQuery = z.input<typeof threadListQuerySchema>;

export const threadSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  // The start of the latest message from the lead, quoted text left out.
  snippet: z.string(),
  lead: z.object({
    email: z.string(),
    name: z.string(),
    customer_id: z.string(),
  }),
  campaign: z.object({ id: z.string(), name: z.string() }).nullable(),
  // The mailbox replies go out through, with its connection state: a mailbox in error cannot
  // send until its connection is fixed in the Sender List.
  mailbox: z
    .object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      status: z.enum(['active', 'error']),
      status_message: z.string().nullable(),
    })
    .nullable(),
  status: threadStatusSchema,
  unread: z.boolean(),
  message_count: z.number().int(),
  last_message_at: z.string(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadPageSchema = z.object({
  threads: z.array(threadSummarySchema),
  page: z.number().int(),
  pages: z.number().int(),
  per_page: z.number().int(),
  total_count: z.number().int(),
  // Unread threads over the whole inbox, whatever the filters (the sidebar badge).
  unread_count: z.number().int(),
});
export type ThreadPage = z.infer<typeof threadPageSchema>;

// campaign: a step we sent; reply / auto_reply / bounce: mail that came in; sent: a reply or
// forward written in the Unibox.
export const messageKinds = ['campaign', 'reply', 'auto_reply', 'bounce', 'sent'] as const;
export const messageKindSchema = z.enum(messageKinds);
export type MessageKind = z.infer<typeof messageKindSchema>;

const addressSchema = z.object({ email: z.string(), name: z.string() });

export const threadMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(['in', 'out']),
  kind: messageKindSchema,
  from: addressSchema,
  to: z.array(addressSchema),
  cc: z.array(addressSchema),
  subject: z.string(),
  // Plain text; for mail that came in, without the quoted earlier messages, which are in
  // quoted_text (folded in the Unibox).
  text: z.string(),
  quoted_text: z.string().nullable(),
  date: z.string(),
  // The campaign step (1-based) of a campaign message, or of the send a reply answers.
  step: z.number().int().nullable(),
  // RFC 3464 details of a bounce report.
  bounce: z
    .object({
      recipient: z.string(),
      status: z.string(),
      diagnostic: z.string().nullable(),
    })
    .nullable(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

export const threadDetailSchema = z.object({
  thread: threadSummarySchema,
  messages: z.array(threadMessageSchema),
  // The lead's contact notes (POST /mail/customers/{customer_id}/notes adds one).
  notes: z.array(customerNoteSchema),
});
export type ThreadDetail = z.infer<typeof threadDetailSchema>;

export const threadUpdateSchema = z.object({ unread: z.boolean() }).strict();
export type ThreadUpdate = z.infer<typeof threadUpdateSchema>;

// POST /mail/send-emails: a reply goes to the lead, threaded with In-Reply-To / References of
// the thread's latest message; a forward goes to the recipients as a new thread, carrying that
// message below the note. Both leave through the thread's mailbox.
export const sendEmailSchema = z.discriminatedUnion('mode', [
  replySchema.extend({ mode: z.literal('reply'), thread_id: z.string().min(1) }),
  forwardSchema.extend({ mode: z.literal('forward'), thread_id: z.string().min(1) }),
]);
export type SendEmailPayload = z.infer<typeof sendEmailSchema>;

export const sendEmailAnswerSchema = z.object({
  message: z.string(),
  data: threadMessageSchema,
});
export type SendEmailAnswer = z.infer<typeof sendEmailAnswerSchema>;

export const uniboxMessages = {
  sent: 'Your e-mail was sent.',
  forwarded: 'Your e-mail was forwarded.',
  mailboxGone: 'The mailbox of this conversation no longer exists.',
  sendFailed: 'The mail server did not accept the e-mail. Please try again later.',
} as const;

// A reply or forward through a mailbox whose connection check failed: it names the mailbox,
// says what is wrong, and where to fix it.
export function mailboxInErrorMessage(email: string, problem: string | null): string {
  const why = problem === null ? 'its connection check failed' : problem.replace(/\s+/g, ' ');
  return `${email} cannot send right now (${why}). Fix its connection in the Sender List, then try again.`;
}
