import { z } from 'zod';

// Sign-up hands the credentials to /email-verification in navigation state, so that a
// visitor who is not logged in can log in once the code is verified (product-spec §2).
export const verificationStateSchema = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
  fname: z.string(),
  lname: z.string(),
});
export type VerificationState = z.infer<typeof verificationStateSchema>;

export function readVerificationState(state: unknown): VerificationState | null {
  const parsed = verificationStateSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}
