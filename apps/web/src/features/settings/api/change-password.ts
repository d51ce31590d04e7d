import { type PasswordChangePayload, tokenAnswerSchema } from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { storeToken } from '../../../shared/session/session-store.ts';

export function changePassword(payload: PasswordChangePayload) {
  return apiClient.patch('/auth/user/password', { body: payload, schema: tokenAnswerSchema });
}

// The change invalidates older tokens, so the fresh one replaces the stored token.
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token }) => storeToken(token),
  });
}
