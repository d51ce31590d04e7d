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

// Type params whose message is for a value that is not there ('This field is required'):
// absent, null, or a form's empty number field (''). A value of the wrong type keeps zod's own
// issue, which the API words as 'emails_limit must be a number'.
export function missingOnly(message: string) {
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined || issue.input === null || issue.input === '' ? message : undefined,
  };
}
