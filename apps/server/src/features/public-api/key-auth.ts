import type { FastifyRequest } from 'fastify';
import { verifyFirst } from '../../platform/access.ts';
import { readToken } from '../../platform/auth-hook.ts';
import type { Db } from '../../platform/database.ts';
import { findKeyHolder } from '../api-keys/index.ts';
import { missingKey, unknownKey, v2Error } from './v2-errors.ts';

export type ApiCaller = { keyId: string; userId: string };

// Longer than any key we make ('mh_' and 43 characters): refused without a lookup.
const keyMax = 100;

// The key, as Hunter takes it: the api_key parameter, the X-API-KEY header, or
// `Authorization: Bearer <key>`. A login token is not a key: it finds no key holder.
export function readApiKey(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.api_key;
  if (typeof fromQuery === 'string' && fromQuery.trim()) return fromQuery.trim();
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  return readToken(request.headers.authorization);
}

// Looked up in the database on every call (by the key's hash, indexed): a revoked key is
// refused from the moment it is revoked, by every process.
export async function authenticateApiCall(db: Db, request: FastifyRequest): Promise<ApiCaller> {
  const key = readApiKey(request);
  if (!key) throw v2Error(401, missingKey, 'authentication_failed');
  const holder = key.length <= keyMax ? await findKeyHolder(db, key) : null;
  if (!holder) throw v2Error(401, unknownKey, 'authentication_failed');
  if (holder.user.status !== 'active') throw v2Error(403, verifyFirst, 'restricted_account');
  return { keyId: holder.keyId, userId: holder.user.id };
}
