import { createClient } from './create-client.ts';

// Main API: the raw token (api-spec §6). The 401 rule spares the calls where 401 means a
// refused attempt, not an expired session: api-spec §4's three, plus the Google sign-in,
// whose refusal is a 401 'Failed to log in with Google' (api-spec §8 "the error catalogue").
export const apiClient = createClient({
  baseUrl: '/api',
  authorization: (token) => token,
  unauthorizedExempt: ['/auth/login', '/auth/password/reset', '/auth/verify-email', '/auth/google'],
  logoutOnUnauthorized: true,
});

// Mail service: a Bearer token, with credentials included (api-spec §6).
export const mailClient = createClient({
  baseUrl: '/api/mail',
  authorization: (token) => `Bearer ${token}`,
  credentials: 'include',
  logoutOnUnauthorized: true,
});

// Company-info API: public pages, no session.
export const companyClient = createClient({
  baseUrl: '/api/company',
  logoutOnUnauthorized: false,
});
