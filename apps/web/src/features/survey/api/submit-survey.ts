import type { SurveyPayload } from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';

// Public: the signed unsubscribe token is the only credential. A second submission is a 409.
export function submitSurvey(token: string, payload: SurveyPayload): Promise<unknown> {
  return mailClient.post('/campaigns/unsubscribe', { query: { mlsr: token }, body: payload });
}

export function useSubmitSurvey(token: string) {
  return useMutation({ mutationFn: (payload: SurveyPayload) => submitSurvey(token, payload) });
}

// Opening the unsubscribe link unsubscribes (the survey is optional): the one-click call,
// which repeating changes nothing.
export function unsubscribeByLink(token: string): Promise<unknown> {
  return mailClient.post('/campaigns/unsubscribe/one-click', { query: { mlsr: token } });
}

export function useUnsubscribeByLink(token: string) {
  return useMutation({ mutationFn: () => unsubscribeByLink(token) });
}
