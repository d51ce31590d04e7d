import { z } from 'zod';
import { CODE_LENGTH, EVENT_PROPERTIES_MAX_BYTES } from './constants.ts';
import { firstIssue, missingOnly } from './first-issue.ts';
import { authMessages, validationMessages as m, type NameField } from './messages.ts';

// product-spec §5 Password: required → spaces → 6..20 → capital → number.
export const passwordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, firstIssue(m.passwordRequired))
  .regex(/^\S*$/, firstIssue(m.passwordSpaces))
  .min(6, firstIssue(m.passwordMin))
  .max(20, firstIssue(m.passwordMax))
  .regex(/[A-Z]/, firstIssue(m.passwordCapital))
  .regex(/\d/, firstIssue(m.passwordNumber));

// Login and old-password fields only need a value: the rules above apply to new passwords.
const enteredPasswordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, firstIssue(m.passwordRequired));

export const emailSchema = z
  .string(missingOnly(m.emailRequired))
  .trim()
  .toLowerCase()
  .min(1, firstIssue(m.emailRequired))
  // 254 is the longest address SMTP can carry (RFC 5321).
  .pipe(z.email({ error: m.emailInvalid }).max(254, m.emailInvalid));

// Letters and combining marks, with spaces, apostrophes (' and ’), hyphens or periods;
// at least one letter, so "--" is not a name.
const personNamePattern = /^(?=.*\p{L})[\p{L}\p{M} '’.-]+$/u;

const personNameSchema = (field: NameField) =>
  z
    .string({ error: m.nameInvalid(field) })
    .trim()
    .min(2, firstIssue(m.nameMin(field)))
    .max(50, firstIssue(m.nameMax(field)))
    .regex(personNamePattern, firstIssue(m.nameInvalid(field)));

export const firstNameSchema = personNameSchema('First Name');
export const lastNameSchema = personNameSchema('Last Name');

export const signUpSchema = z
  .object({
    username: emailSchema,
    password: passwordSchema,
    fname: firstNameSchema,
    lname: lastNameSchema,
  })
  .strict();
export type SignUpPayload = z.infer<typeof signUpSchema>;

export const loginSchema = z
  .object({
    username: emailSchema,
    password: enteredPasswordSchema,
  })
  .strict();
export type LoginPayload = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema }).strict();
export type ForgotPasswordPayload = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    // A reset without a usable token is reported like an expired link (api-spec §8).
    token: z
      .string({ error: authMessages.linkExpired })
      .min(1, firstIssue(authMessages.linkExpired)),
    password: passwordSchema,
  })
  .strict();
export type ResetPasswordPayload = z.infer<typeof resetPasswordSchema>;

const confirmPasswordSchema = z.string({ error: m.confirmPasswordMismatch });

export const resetPasswordFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: m.confirmPasswordMismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const verificationCodeSchema = z
  .string({ error: m.codeInvalid })
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), m.codeInvalid);

export const verifyEmailSchema = z
  .object({
    username: emailSchema,
    code: verificationCodeSchema,
  })
  .strict();
export type VerifyEmailPayload = z.infer<typeof verifyEmailSchema>;

export const resendVerificationSchema = z.object({ username: emailSchema }).strict();
export type ResendVerificationPayload = z.infer<typeof resendVerificationSchema>;

export const googleLoginSchema = z
  .object({
    code: z.string(missingOnly(m.required)).min(1, firstIssue(m.required)),
    state: z.string().optional(),
  })
  .strict();
export type GoogleLoginPayload = z.infer<typeof googleLoginSchema>;

// Only same-site paths: "//evil.example" or "/\evil.example" would leave the site.
export const redirectPathSchema = z.string().regex(/^\/(?![/\\])/, m.redirectUrlInvalid);

export const googleUrlQuerySchema = z.object({
  redirectUrl: redirectPathSchema.optional(),
});
export type GoogleUrlQuery = z.infer<typeof googleUrlQuerySchema>;

export const profileUpdateSchema = z
  .object({
    fname: firstNameSchema,
    lname: lastNameSchema,
  })
  .strict();
export type ProfileUpdatePayload = z.infer<typeof profileUpdateSchema>;

export const passwordChangeSchema = z
  .object({
    oldPassword: enteredPasswordSchema,
    newPassword: passwordSchema,
  })
  .strict();
export type PasswordChangePayload = z.infer<typeof passwordChangeSchema>;

export const passwordChangeFormSchema = z
  .object({
    oldPassword: enteredPasswordSchema,
    newPassword: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: m.confirmPasswordMismatch,
    path: ['confirmPassword'],
  });
export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;

// Google users confirm deletion without a password (product-spec §5).
export const deleteAccountSchema = z
  .object({
    password: enteredPasswordSchema.optional(),
  })
  .strict();
export type DeleteAccountPayload = z.infer<typeof deleteAccountSchema>;

export const trackEventSchema = z
  .object({
    name: z
      .string({ error: m.eventNameInvalid })
      .trim()
      .min(1, firstIssue(m.eventNameInvalid))
      .max(100, firstIssue(m.eventNameInvalid)),
    properties: z
      .record(z.string(), z.unknown())
      .refine(
        (properties) =>
          new TextEncoder().encode(JSON.stringify(properties)).length <= EVENT_PROPERTIES_MAX_BYTES,
        m.eventPropertiesTooLarge,
      )
      .optional(),
  })
  .strict();
export type TrackEventPayload = z.infer<typeof trackEventSchema>;

// Answers (api-spec §7 "Authentication"). Not strict: a client must survive fields added later.

export const tokenAnswerSchema = z.object({ token: z.string() });
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

export const signUpAnswerSchema = z.object({ id: z.string(), username: z.string() });
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;

export const googleUrlAnswerSchema = z.object({ url: z.string() });
export type GoogleUrlAnswer = z.infer<typeof googleUrlAnswerSchema>;

export const planSummarySchema = z.object({
  name: z.string(),
  is_default: z.boolean(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const userStatusSchema = z.enum(['active', 'not verified']);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const loginProviderSchema = z.enum(['local', 'google']);
export type LoginProvider = z.infer<typeof loginProviderSchema>;

export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  fname: z.string(),
  lname: z.string(),
  status: userStatusSchema,
  properties: z.object({ sections: z.array(z.string()) }),
  loginProvider: loginProviderSchema,
  guestUserId: z.string().nullable(),
  plan: planSummarySchema,
  userCredits: z.object({
    balanceAvailable: z.number(),
    leadSearchBalance: z.number(),
  }),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const balanceAnswerSchema = z.object({
  balance: z.number(),
  onHold: z.number(),
  plan: planSummarySchema,
  leadSearchBalance: z.number(),
});
export type BalanceAnswer = z.infer<typeof balanceAnswerSchema>;

export const errorAnswerSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

export const emailsFoundAnswerSchema = z.object({ count: z.number().int().nonnegative() });
export type EmailsFoundAnswer = z.infer<typeof emailsFoundAnswerSchema>;

export const healthAnswerSchema = z.object({ status: z.literal('ok') });
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

// The web reads the login provider from the token's `auth` claim (product-spec §3 "User").
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  auth: loginProviderSchema,
  ver: z.number().int(),
  iat: z.number(),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;
