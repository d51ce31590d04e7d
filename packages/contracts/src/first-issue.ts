import type { z } from 'zod';

// Check params that run a rule only while the value has no issue yet, so a field reports its
// first broken rule, in order. (`abort` would also stop form-level refinements such as
// "must match".)
export function firstIssue(message: string) {
  return {
    error: message,
    when: (payload: z.core.ParsePayload) => payload.issues.length === 0,
  };
}
