import { type DeleteAccountPayload, messageAnswerSchema } from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export function deleteAccount(payload: DeleteAccountPayload) {
  return apiClient.delete('/auth/user', { body: payload, schema: messageAnswerSchema });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
