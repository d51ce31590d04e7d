import { currentUserSchema, type ProfileUpdatePayload } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { currentUserKey } from '../../../shared/session/api/get-current-user.ts';

export function updateProfile(payload: ProfileUpdatePayload) {
  return apiClient.patch('/auth/user', { body: payload, schema: currentUserSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
