import { campaignSends } from '../sender/schema.ts';

// A campaign send that a message read from the INBOX is about.
export type OurSend = {
  id: string;
  campaignId: string;
  customerId: string;
  mailboxId: string | null;
  messageId: string;
};

// The columns of a matched campaign send.
export const sendColumns = {
  id: campaignSends.id,
  campaignId: campaignSends.campaignId,
  customerId: campaignSends.customerId,
  mailboxId: campaignSends.mailboxId,
  messageId: campaignSends.messageId,
  sentAt: campaignSends.sentAt,
};
