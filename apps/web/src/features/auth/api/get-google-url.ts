import { googleUrlAnswerSchema } from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

// The identity provider's authorize URL; its `state` carries redirectUrl back to /auth/login.
export function getGoogleUrl(redirectUrl: string | null) {
  return apiClient.get('/auth/google/url', {
    query: { redirectUrl: redirectUrl ?? undefined },
    schema: googleUrlAnswerSchema,
  });
}

// Fetched on click, not on mount: it is a step of the sign-in, not data shown on the page.
export function useGoogleUrl() {
  return useMutation({ mutationFn: getGoogleUrl });
}
