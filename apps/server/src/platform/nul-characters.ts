import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

export const nulCharacterMessage = 'Text cannot contain the NUL character (\\u0000).';

// Whether a parsed body, query or path holds U+0000 in a string or a key. A loop, not
// recursion: a deeply nested JSON body must not overflow the stack.
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

// PostgreSQL text cannot hold U+0000 ("invalid byte sequence for encoding UTF8: 0x00"), so a
// request carrying one is refused before any handler runs, rather than failing half-way
// through with a 500 (a list name, a search key, a contact import).
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw badRequest(nulCharacterMessage);
    }
  });
}
