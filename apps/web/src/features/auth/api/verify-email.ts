import { messageAnswerSchema, type VerifyEmailPayload } from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export function verifyEmail(payload: VerifyEmailPayload) {
  return apiClient.post('/auth/verify-email', { body: payload, schema: messageAnswerSchema });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
