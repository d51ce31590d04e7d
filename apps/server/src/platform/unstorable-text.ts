import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

export const nulCharacterMessage = 'Text cannot contain the NUL character (\\u0000).';
export const loneSurrogateMessage =
  'Text must be valid Unicode: it cannot contain a lone surrogate (\\ud800 to \\udfff).';

// What a string or a key holds that PostgreSQL text cannot store, as the message that says so.
function storableProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return nulCharacterMessage;
  if (!text.isWellFormed()) return loneSurrogateMessage;
  return undefined;
}

// The first unstorable text in a parsed body, query or path, in a string or a key. A loop, not
// recursion: a deeply nested JSON body must not overflow the stack.
function unstorableText(value: unknown): string | undefined {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      const problem = storableProblem(next);
      if (problem) return problem;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) {
        const problem = storableProblem(key);
        if (problem) return problem;
        pending.push(item);
      }
    }
  }
  return undefined;
}

// PostgreSQL text cannot hold U+0000 ("invalid byte sequence for encoding UTF8: 0x00"), and a
// lone UTF-16 surrogate, which JSON's "\ud800" escape lets a client send, is not Unicode: jsonb
// refuses it ("unsupported Unicode escape sequence") and text gets U+FFFD in its place. So a
// request carrying either is refused before any handler runs, rather than failing half-way
// through with a 500 or storing what the user did not write (a list name, a search key, a
// contact import, an event's properties).
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem =
      unstorableText(request.params) ??
      unstorableText(request.query) ??
      unstorableText(request.body);
    if (problem) throw badRequest(problem);
  });
}
