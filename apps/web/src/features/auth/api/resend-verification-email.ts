import { messageAnswerSchema, type ResendVerificationPayload } from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export function resendVerificationEmail(payload: ResendVerificationPayload) {
  return apiClient.post('/auth/resend-verification-email', {
    body: payload,
    schema: messageAnswerSchema,
  });
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
