import { type SignUpPayload, signUpAnswerSchema } from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export function signUp(payload: SignUpPayload) {
  return apiClient.post('/auth/signup', { body: payload, schema: signUpAnswerSchema });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
