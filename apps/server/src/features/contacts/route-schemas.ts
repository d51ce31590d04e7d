import { errorAnswerSchema } from '@mailhound/contracts';
import { z } from 'zod';
import { requireMailUser } from '../../platform/access.ts';
import { tokenRequired } from '../../platform/auth-hook.ts';

// What every contacts route shares: the mail-section guard, the OpenAPI tag, the refusals.
export const guarded = { preValidation: requireMailUser };
export const common = { tags: ['contacts'], security: tokenRequired };
export const errors = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  403: errorAnswerSchema,
  404: errorAnswerSchema,
  409: errorAnswerSchema,
};

export const idParams = z.object({ id: z.string() });
export const idsBody = z.object({ customer_ids: z.array(z.string()).max(100_000) }).strict();
