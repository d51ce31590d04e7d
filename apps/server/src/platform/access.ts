import { authMessages } from '@mailhound/contracts';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';

export const verifyFirst = 'Please verify your email address first.';

// The finders are for active accounts (product-spec §2 route table).
export async function requireActiveUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized(authMessages.unauthorized);
  if (request.user.status !== 'active') throw forbidden(verifyFirst);
}

export const mailSectionOnly = 'The e-mail notification service is not enabled for this account.';

// Contacts, mailboxes, campaigns, the Unibox and analytics are for users with the mail section
// (properties.sections; product-spec §6 'Mail-section user'), not only hidden from
// the others' navigation.
export async function requireMailUser(request: FastifyRequest): Promise<void> {
  await requireActiveUser(request);
  if (!request.user?.sections.includes('mail')) throw forbidden(mailSectionOnly);
}
