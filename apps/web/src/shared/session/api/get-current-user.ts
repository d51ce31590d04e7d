import { type CurrentUser, currentUserSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/clients.ts';
import { useSession } from '../use-session.ts';

export const currentUserKey = ['auth', 'user'] as const;

export function getCurrentUser(): Promise<CurrentUser> {
  return apiClient.get('/auth/user', { schema: currentUserSchema });
}

// The token is part of the key: a new login (or a token from a password change) is a new user.
export function currentUserQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...currentUserKey, token],
    queryFn: getCurrentUser,
    enabled: token !== null,
    staleTime: 60_000,
  });
}

export function useCurrentUser() {
  const { token } = useSession();
  return useQuery(currentUserQueryOptions(token));
}
