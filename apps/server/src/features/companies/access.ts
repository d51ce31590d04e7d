import { authMessages } from '@mailhound/contracts';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../platform/errors.ts';

export const verifyFirst = 'Please verify your email address first.';

// The finders are for active accounts (product-spec §2 route table).
export async function requireActiveUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized(authMessages.unauthorized);
  if (request.user.status !== 'active') throw forbidden(verifyFirst);
}
