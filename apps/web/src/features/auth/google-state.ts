import { safeRedirectUrl } from '../../shared/session/redirect-url.ts';

// The identity provider hands back the `state` the server issued; it carries redirectUrl.
// Accepted forms: base64url JSON, a JWT whose payload holds it, or plain JSON.
export function redirectUrlFromState(state: string | null): string | null {
  if (state === null || state === '') return null;
  const candidates = [state, state.split('.')[1] ?? ''];
  for (const candidate of candidates) {
    const decoded = decodeJson(candidate) ?? decodeJson(fromBase64Url(candidate));
    if (decoded !== null) return safeRedirectUrl(decoded);
  }
  return null;
}

function fromBase64Url(value: string): string {
  try {
    const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return '';
  }
}

function decodeJson(text: string): string | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && 'redirectUrl' in value) {
      return typeof value.redirectUrl === 'string' ? value.redirectUrl : null;
    }
  } catch {
    return null;
  }
  return null;
}
