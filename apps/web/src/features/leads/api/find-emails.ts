import { type FindEmailsAnswer, findEmailsAnswerSchema } from '@mailhound/contracts';
import { apiClient } from '../../../shared/api/clients.ts';

type FoundItem = FindEmailsAnswer['items'][number];

// Leads per call, and calls at once: a call answers when its slowest lead is done, so small
// calls let the table fill and the progress move while the rest is searched.
export const FIND_EMAILS_CHUNK = 4;
const CALLS_AT_ONCE = 2;

// The finder looks up each selected lead; a verified address (95 or more) costs a credit.
export function findEmails(leadIds: string[]): Promise<FindEmailsAnswer> {
  return apiClient.post('/leads/find-emails', {
    body: { leadIds },
    schema: findEmailsAnswerSchema,
  });
}

// Finds the leads a few at a time, handing each answer over as it comes. The first refusal
// stops the calls not yet made and is thrown once the calls under way have answered;
// `shouldStop` lets the user stop the same way.
export async function findEmailsInChunks(
  leadIds: readonly string[],
  onItems: (items: FoundItem[]) => void,
  shouldStop: () => boolean = () => false,
): Promise<void> {
  const chunks: string[][] = [];
  for (let start = 0; start < leadIds.length; start += FIND_EMAILS_CHUNK)
    chunks.push(leadIds.slice(start, start + FIND_EMAILS_CHUNK));
  let next = 0;
  let failure: { error: unknown } | null = null;
  const caller = async () => {
    while (next < chunks.length && failure === null && !shouldStop()) {
      const chunk = chunks[next++] as string[];
      try {
        onItems((await findEmails(chunk)).items);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CALLS_AT_ONCE, chunks.length) }, caller));
  if (failure !== null) throw (failure as { error: unknown }).error;
}
