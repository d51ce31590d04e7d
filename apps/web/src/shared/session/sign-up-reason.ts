import { z } from 'zod';

// A guest sent to sign-up from a screen that needs an account reads why, not just a form.
export const signUpReasons = {
  companySearch: 'Create a free account to search companies by industry, size and country.',
  leadFinder: 'Create a free account to search people by company, job title and seniority.',
  companyContacts: 'Create a free account to see the people of this company in Lead Finder.',
  bulk: 'Create a free account to upload a list and find its e-mail addresses.',
  lookalike: 'Create a free account to find companies similar to the ones you already work with.',
  verify: 'Create a free account to verify e-mail addresses.',
} as const;
export type SignUpReason = keyof typeof signUpReasons;

const signUpReasonStateSchema = z.object({
  signUpReason: z.enum(Object.keys(signUpReasons) as [SignUpReason, ...SignUpReason[]]),
});

export function signUpReasonState(reason: SignUpReason) {
  return { signUpReason: reason };
}

export function readSignUpReason(state: unknown): string | null {
  const parsed = signUpReasonStateSchema.safeParse(state);
  return parsed.success ? signUpReasons[parsed.data.signUpReason] : null;
}
