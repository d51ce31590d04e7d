import { type GoogleLoginPayload, tokenAnswerSchema } from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export function loginWithGoogle(payload: GoogleLoginPayload) {
  return apiClient.post('/auth/google', { body: payload, schema: tokenAnswerSchema });
}

export function useLoginWithGoogle() {
  return useMutation({ mutationFn: loginWithGoogle });
}
