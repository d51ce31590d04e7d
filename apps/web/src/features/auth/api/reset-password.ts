import { messageAnswerSchema, type ResetPasswordPayload } from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export function resetPassword(payload: ResetPasswordPayload) {
  return apiClient.post('/auth/password/reset', { body: payload, schema: messageAnswerSchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
