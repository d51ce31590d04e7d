import { type TokenClaims, tokenClaimsSchema } from '@mailhound/contracts';

// Reads the JWT payload without verifying it: the server verifies, the web only needs
// the expiry (product-spec §2) and the login provider (the `auth` claim).
export function decodeTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const parsed = tokenClaimsSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// A login is valid when the stored token's expiry is later than now.
export function isLoginValid(claims: TokenClaims | null, now: number = Date.now()): boolean {
  return claims !== null && claims.exp * 1000 > now;
}
