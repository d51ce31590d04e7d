import { failureMessages } from '@mailhound/contracts';
// Texts of the Unibox screen the contracts do not carry (the brief for issue 12).
export const uniboxTexts = {
  emptyInbox: 'No conversations yet. Replies to your campaigns appear here.',
  noMatches: 'No conversations match these filters.',
  failed: failureMessages.mail,
  pickThread: 'Select a conversation to read it.',
} as const;
