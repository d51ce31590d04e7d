import { readToken } from './session/session-store.ts';

// First-party analytics (POST /api/events). Tracking must never break a screen, so every
// failure is swallowed and a 401 here does not end the session.
export function track(name: string, properties?: Record<string, unknown>): void {
  try {
    const token = readToken();
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (token !== null) headers.Authorization = token;
    fetch('/api/events', {
      method: 'POST',
      headers,
      body: JSON.stringify(properties === undefined ? { name } : { name, properties }),
      keepalive: true,
    }).catch(() => {});
  } catch {
    // Nothing to do: analytics is best effort.
  }
}
