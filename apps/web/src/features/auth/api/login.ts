import { type LoginPayload, tokenAnswerSchema } from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export function login(payload: LoginPayload) {
  return apiClient.post('/auth/login', { body: payload, schema: tokenAnswerSchema });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
