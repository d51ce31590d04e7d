import {
  type SendEmailAnswer,
  type SendEmailPayload,
  sendEmailAnswerSchema,
  type ThreadDetail,
} from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { threadKey } from './get-thread.ts';
import { threadPagesKey } from './get-threads.ts';

// A reply or a forward, sent from the thread's mailbox inside the thread (api-spec §7 "Campaigns
// and mail": POST /send-emails).
export function sendEmail(payload: SendEmailPayload): Promise<SendEmailAnswer> {
  return mailClient.post('/send-emails', { body: payload, schema: sendEmailAnswerSchema });
}

// The sent message joins the open thread at once, then the thread and the lists are asked again.
export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmail,
    onSuccess: async (answer, payload) => {
      queryClient.setQueryData<ThreadDetail>(threadKey(payload.thread_id), (detail) =>
        detail === undefined ? detail : { ...detail, messages: [...detail.messages, answer.data] },
      );
      await queryClient.invalidateQueries({ queryKey: threadPagesKey });
    },
  });
}
