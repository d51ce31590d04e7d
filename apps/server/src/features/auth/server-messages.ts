// Texts the spec leaves open (api-spec §8 lists only the web's fallbacks for these cases).
export const serverMessages = {
  codeWrong: 'The verification code is incorrect. Please try again.',
  codeExpired: 'Your verification code has expired. Please request a new one.',
  codeDead: 'Too many incorrect codes. Please request a new verification code.',
  alreadyVerified: 'Your email address is already verified. Please log in.',
  emailVerified: 'Your email address has been verified.',
  codeCooldown: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new code.`,
  resetCooldown: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting another link.`,
  passwordReset: 'Your password has been reset. You can now log in.',
  // The limiter adds the wait ('Please try again in 15 minutes.').
  tooManyAttempts: 'Too many attempts.',
  googleUnavailable: 'Sign-in with Google is not available on this server.',
} as const;

export const mailTexts = {
  verificationSubject: 'Your Mailhound verification code',
  verificationBody: (code: string) =>
    `Your Mailhound verification code is ${code}.\n\nIt is valid for 10 minutes. If you did not sign up for Mailhound, you can ignore this e-mail.`,
  resetSubject: 'Reset your Mailhound password',
  resetBody: (link: string) =>
    `Someone (hopefully you) asked to reset the password of your Mailhound account.\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for it, you can ignore this e-mail; your password stays the same.`,
} as const;
