import { authMessages } from '@mailhound/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type LoginProvider, type UserStatus, users } from './account-schema.ts';
import type { Db } from './database.ts';
import { unauthorized } from './errors.ts';
import type { Tokens } from './tokens.ts';

export type AuthUser = {
  id: string;
  username: string;
  status: UserStatus;
  loginProvider: LoginProvider;
  tokenVersion: number;
  // properties.sections: the parts of the product the account may use ('mail').
  sections: string[];
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

// The OpenAPI name of the login token; routes that need it list `tokenRequired`.
export const tokenSecurity = 'token';
export const tokenRequired = [{ [tokenSecurity]: [] }];

// The main API sends `Authorization: <token>`, the mail API `Authorization: Bearer <token>`;
// both are accepted everywhere (api-spec §6 "roles and permissions").
export function readToken(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const bearer = /^Bearer\s+(.+)$/i.exec(value);
  return (bearer ? bearer[1] : value)?.trim() || undefined;
}

export function registerAuthHook(app: FastifyInstance, deps: { db: Db; tokens: Tokens }): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = readToken(request.headers.authorization);
    if (!token) return;
    const claims = await deps.tokens.verify(token);
    if (!claims) return;
    const [user] = await deps.db
      .select({
        id: users.id,
        username: users.username,
        status: users.status,
        loginProvider: users.loginProvider,
        tokenVersion: users.tokenVersion,
        properties: users.properties,
      })
      .from(users)
      .where(eq(users.id, claims.sub));
    // A password change bumps the version: tokens issued before it stop working.
    if (user && user.tokenVersion === claims.ver) {
      const { properties, ...rest } = user;
      request.user = { ...rest, sections: properties.sections ?? [] };
    }
  });
  // A route whose schema needs the token (`tokenRequired`, with no anonymous alternative)
  // answers 'User unauthorized.' without one before its body, query or path is read
  // (api-spec §8): a caller without a token never learns about its payload first.
  app.addHook('preValidation', async (request) => {
    if (request.user || !needsToken(request.routeOptions.schema?.security)) return;
    throw unauthorized(authMessages.unauthorized);
  });
}

function needsToken(security: unknown): boolean {
  if (!Array.isArray(security) || security.length === 0) return false;
  return security.every(
    (requirement) =>
      typeof requirement === 'object' && requirement !== null && tokenSecurity in requirement,
  );
}

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized(authMessages.unauthorized);
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(authMessages.unauthorized);
  return request.user;
}
