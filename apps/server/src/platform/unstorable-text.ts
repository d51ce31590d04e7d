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

// No form or call nests deeper than a few levels. PostgreSQL's JSON parser recurses, and a
// jsonb value a few thousand levels deep (an event's properties) exceeds its stack depth.
export const JSON_DEPTH_MAX = 32;
export const jsonDepthMessage = `The request body is nested too deeply (more than ${JSON_DEPTH_MAX} levels).`;

// The first problem with a parsed body, query or path: unstorable text in a string or a key, or
// nesting too deep. A loop, not recursion: a deeply nested JSON body must not overflow the stack.
function problemIn(value: unknown): string | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const next = pending.pop();
    if (!next) break;
    const { value: item, depth } = next;
    if (typeof item === 'string') {
      const problem = storableProblem(item);
      if (problem) return problem;
      continue;
    }
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= JSON_DEPTH_MAX) return jsonDepthMessage;
    if (Array.isArray(item)) {
      for (const element of item) pending.push({ value: element, depth: depth + 1 });
      continue;
    }
    for (const [key, element] of Object.entries(item)) {
      const problem = storableProblem(key);
      if (problem) return problem;
      pending.push({ value: element, depth: depth + 1 });
    }
  }
  return undefined;
}

// PostgreSQL text cannot hold U+0000 ("invalid byte sequence for encoding UTF8: 0x00"), and a
// lone UTF-16 surrogate, which JSON's "\ud800" escape lets a client send, is not Unicode: jsonb
// refuses it ("unsupported Unicode escape sequence") and text gets U+FFFD in its place. So a
// request carrying either is refused before any handler runs, rather than failing half-way
// through with a 500 or storing what the user did not write (a list name, a search key, a
// contact import, an event's properties). So is a body nested deeper than any call takes.
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem =
      problemIn(request.params) ?? problemIn(request.query) ?? problemIn(request.body);
    if (problem) throw badRequest(problem);
  });
}
