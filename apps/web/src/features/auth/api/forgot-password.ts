import { type ForgotPasswordPayload, messageAnswerSchema } from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export function forgotPassword(payload: ForgotPasswordPayload) {
  return apiClient.post('/auth/password/forgot', { body: payload, schema: messageAnswerSchema });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
