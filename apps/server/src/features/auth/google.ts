import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';

export type OidcIdentity = {
  subject: string;
  email: string;
  givenName: string;
  familyName: string;
};

// "Sign in with Google" through any OpenID Connect issuer (OIDC_ISSUER).
export type OidcProvider = {
  authorizeUrl: (options: { redirectUri: string; state: string }) => Promise<string>;
  // Exchanges the authorization code; rejects unless the issuer vouches for the e-mail.
  exchange: (options: {
    redirectUri: string;
    code: string;
    state: string | undefined;
  }) => Promise<OidcIdentity>;
};

export class OidcUnavailableError extends Error {}

export function createOidcProvider(config: Pick<Config, 'oidc'>): OidcProvider | undefined {
  const { issuer, clientId, clientSecret } = config.oidc;
  if (!clientId) return undefined;
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(issuer), clientId, clientSecret, undefined, {
        // A plain-http issuer only makes sense on a test or development machine.
        execute: issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw new OidcUnavailableError(`OIDC discovery at ${issuer} failed: ${String(error)}`);
      });
    return discovered;
  };

  return {
    authorizeUrl: async ({ redirectUri, state }) => {
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state,
      });
      return url.href;
    },
    exchange: async ({ redirectUri, code, state }) => {
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      if (state !== undefined) callback.searchParams.set('state', state);
      const tokens = await oidc.authorizationCodeGrant(await configuration(), callback, {
        expectedState: state ?? oidc.skipStateCheck,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
      if (!claims || !email || claims.email_verified !== true) {
        throw new Error('the identity provider did not return a verified e-mail');
      }
      const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
      const [first = '', ...rest] = text(claims.name).split(/\s+/);
      return {
        subject: claims.sub,
        email,
        givenName: text(claims.given_name) || first,
        familyName: text(claims.family_name) || rest.join(' '),
      };
    },
  };
}
