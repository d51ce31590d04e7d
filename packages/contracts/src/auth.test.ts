import { describe, expect, it } from 'vitest';
import {
  balanceAnswerSchema,
  currentUserSchema,
  deleteAccountSchema,
  emailSchema,
  emailsFoundAnswerSchema,
  errorAnswerSchema,
  firstNameSchema,
  forgotPasswordSchema,
  googleLoginSchema,
  googleUrlQuerySchema,
  lastNameSchema,
  loginSchema,
  messageAnswerSchema,
  passwordChangeFormSchema,
  passwordChangeSchema,
  passwordSchema,
  planSummarySchema,
  profileUpdateSchema,
  resendVerificationSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  signUpSchema,
  tokenAnswerSchema,
  trackEventSchema,
  verificationCodeSchema,
  verifyEmailSchema,
} from './auth.ts';
import { issuesOf, messageOf } from './issues.test-kit.ts';

describe('password rules (product-spec §5), first broken rule only', () => {
  it.each([
    [undefined, 'Password is required'],
    ['', 'Password is required'],
    ['Ab 1234', 'Password cannot contain empty spaces'],
    ['a b', 'Password cannot contain empty spaces'],
    ['Ab1', 'Password must be at least 6 characters'],
    ['Abcdefghij1234567890x', 'Password must be at most 20 characters'],
    ['abcdef1', 'Password must contain at least 1 capital letter'],
    ['Abcdefg', 'Password must contain at least 1 number'],
  ])('refuses %j with %j', (value, message) => {
    expect(messageOf(passwordSchema, value)).toBe(message);
  });

  it.each(['Abcde1', 'Abcdefghij123456789x', 'P@ssw0rd!'])('accepts %j', (value) => {
    expect(passwordSchema.parse(value)).toBe(value);
  });
});

describe('e-mail', () => {
  it.each([undefined, '', '   '])('says the field is required for %j', (value) => {
    expect(messageOf(emailSchema, value)).toBe('This field is required');
  });

  it.each(['ann', 'ann@', '@acme.com', 'ann acme.com', `${'a'.repeat(64)}@${'b'.repeat(186)}.com`])(
    'refuses malformed %j',
    (value) => {
      expect(messageOf(emailSchema, value)).toBe('Please enter a valid email');
    },
  );

  it('is trimmed and lower-cased', () => {
    expect(emailSchema.parse('  Ann.Lee@ACME.com ')).toBe('ann.lee@acme.com');
  });
});

describe('first and last names', () => {
  it.each([
    [firstNameSchema, 'First Name'],
    [lastNameSchema, 'Last Name'],
  ] as const)('%# pins the %s messages', (schema, field) => {
    expect(messageOf(schema, '')).toBe(`${field} must be at least 2 characters`);
    expect(messageOf(schema, 'A')).toBe(`${field} must be at least 2 characters`);
    expect(messageOf(schema, 'a'.repeat(51))).toBe(`${field} must be at most 50 characters`);
    expect(messageOf(schema, 'Ann3')).toBe(`Invalid ${field}`);
    expect(messageOf(schema, 'Ann_Lee')).toBe(`Invalid ${field}`);
    expect(messageOf(schema, '--')).toBe(`Invalid ${field}`);
  });

  it.each([
    'Jo',
    'Ann Marie',
    "O'Neil",
    'D’Arcy',
    'Smith-Jones',
    'St. John',
    'José',
    'Zoë',
    'Łukasz',
    'Nguyễn',
    'a'.repeat(50),
  ])('accepts %j', (value) => {
    expect(firstNameSchema.parse(value)).toBe(value);
  });

  it('trims surrounding spaces', () => {
    expect(lastNameSchema.parse('  Lee ')).toBe('Lee');
  });
});

describe('sign-up payload', () => {
  const good = { username: 'Ann@Acme.com', password: 'Secret1', fname: 'Ann', lname: 'Lee' };

  it('accepts a valid payload and normalises the e-mail', () => {
    expect(signUpSchema.parse(good)).toEqual({ ...good, username: 'ann@acme.com' });
  });

  it('names every broken field', () => {
    expect(issuesOf(signUpSchema, { username: 'x', password: 'a', fname: '1', lname: '' })).toEqual(
      {
        username: ['Please enter a valid email'],
        password: ['Password must be at least 6 characters'],
        fname: ['First Name must be at least 2 characters'],
        lname: ['Last Name must be at least 2 characters'],
      },
    );
  });

  it('refuses unknown fields', () => {
    expect(signUpSchema.safeParse({ ...good, role: 'admin' }).success).toBe(false);
  });
});

describe('login payload', () => {
  it('needs an e-mail and a non-empty password, without password rules', () => {
    expect(loginSchema.parse({ username: ' Ann@Acme.com', password: 'x' })).toEqual({
      username: 'ann@acme.com',
      password: 'x',
    });
    expect(issuesOf(loginSchema, { username: 'ann@', password: 'x' })).toEqual({
      username: ['Please enter a valid email'],
    });
  });

  it('requires both values', () => {
    expect(issuesOf(loginSchema, { username: '', password: '' })).toEqual({
      username: ['This field is required'],
      password: ['Password is required'],
    });
  });

  it('refuses unknown fields', () => {
    expect(loginSchema.safeParse({ username: 'a@b.co', password: 'x', admin: true }).success).toBe(
      false,
    );
  });
});

describe('forgot and reset password', () => {
  it('forgot password takes a valid e-mail', () => {
    expect(forgotPasswordSchema.parse({ email: 'ANN@acme.com' })).toEqual({
      email: 'ann@acme.com',
    });
    expect(issuesOf(forgotPasswordSchema, { email: '' })).toEqual({
      email: ['This field is required'],
    });
  });

  it('reset takes a token and a new password following the rules', () => {
    expect(resetPasswordSchema.parse({ token: 't0k', password: 'Secret1' })).toEqual({
      token: 't0k',
      password: 'Secret1',
    });
    expect(issuesOf(resetPasswordSchema, { token: 't0k', password: 'secret1' })).toEqual({
      password: ['Password must contain at least 1 capital letter'],
    });
  });

  it('a reset without a token reads as an expired link', () => {
    expect(issuesOf(resetPasswordSchema, { token: '', password: 'Secret1' })).toEqual({
      token: ['Your link is expired'],
    });
  });

  it('the reset form wants the confirmation to match', () => {
    expect(
      issuesOf(resetPasswordFormSchema, { password: 'Secret1', confirmPassword: 'Secret2' }),
    ).toEqual({ confirmPassword: ['Must match "New password" field value'] });
    expect(
      resetPasswordFormSchema.safeParse({ password: 'Secret1', confirmPassword: 'Secret1' })
        .success,
    ).toBe(true);
  });

  it('the mismatch shows even while the new password breaks a rule', () => {
    expect(issuesOf(resetPasswordFormSchema, { password: 'abc', confirmPassword: 'abd' })).toEqual({
      password: ['Password must be at least 6 characters'],
      confirmPassword: ['Must match "New password" field value'],
    });
  });
});

describe('e-mail verification', () => {
  it.each(['123456', '000000'])('a code is 6 digits: %j passes', (code) => {
    expect(verificationCodeSchema.parse(code)).toBe(code);
  });

  it.each(['12345', '1234567', '12a456', ''])('refuses %j', (code) => {
    expect(messageOf(verificationCodeSchema, code)).toBe('The code must be 6 digits');
  });

  it('verify takes username and code, resend takes username', () => {
    expect(verifyEmailSchema.parse({ username: 'Ann@acme.com', code: '123456' })).toEqual({
      username: 'ann@acme.com',
      code: '123456',
    });
    expect(resendVerificationSchema.parse({ username: 'ann@acme.com' })).toEqual({
      username: 'ann@acme.com',
    });
    expect(resendVerificationSchema.safeParse({ username: 'a@b.co', code: '1' }).success).toBe(
      false,
    );
  });
});

describe('Google sign-in', () => {
  it('takes a code and an optional state', () => {
    expect(googleLoginSchema.parse({ code: 'c' })).toEqual({ code: 'c' });
    expect(googleLoginSchema.parse({ code: 'c', state: 's' })).toEqual({ code: 'c', state: 's' });
    expect(issuesOf(googleLoginSchema, { code: '' })).toEqual({ code: ['This field is required'] });
  });

  it('the url query takes an optional same-site redirect path', () => {
    expect(googleUrlQuerySchema.parse({})).toEqual({});
    expect(googleUrlQuerySchema.parse({ redirectUrl: '/search/bulk?page=2' })).toEqual({
      redirectUrl: '/search/bulk?page=2',
    });
    for (const redirectUrl of ['https://evil.example', '//evil.example', '/\\evil.example']) {
      expect(issuesOf(googleUrlQuerySchema, { redirectUrl })).toEqual({
        redirectUrl: ['redirectUrl must be a path starting with /'],
      });
    }
  });
});

describe('account settings', () => {
  it('profile update takes first and last names', () => {
    expect(profileUpdateSchema.parse({ fname: 'Ann', lname: 'Lee' })).toEqual({
      fname: 'Ann',
      lname: 'Lee',
    });
    expect(issuesOf(profileUpdateSchema, { fname: 'A', lname: 'L3e' })).toEqual({
      fname: ['First Name must be at least 2 characters'],
      lname: ['Invalid Last Name'],
    });
    expect(
      profileUpdateSchema.safeParse({ fname: 'Ann', lname: 'Lee', username: 'x' }).success,
    ).toBe(false);
  });

  it('password change needs the old password and a new one following the rules', () => {
    expect(passwordChangeSchema.parse({ oldPassword: 'old', newPassword: 'Secret1' })).toEqual({
      oldPassword: 'old',
      newPassword: 'Secret1',
    });
    expect(issuesOf(passwordChangeSchema, { oldPassword: '', newPassword: 'Secret' })).toEqual({
      oldPassword: ['Password is required'],
      newPassword: ['Password must contain at least 1 number'],
    });
  });

  it('the password change form wants the confirmation to match the new password', () => {
    expect(
      issuesOf(passwordChangeFormSchema, {
        oldPassword: 'old',
        newPassword: 'Secret1',
        confirmPassword: 'Secret',
      }),
    ).toEqual({ confirmPassword: ['Must match "New password" field value'] });
    expect(
      passwordChangeFormSchema.safeParse({
        oldPassword: 'old',
        newPassword: 'Secret1',
        confirmPassword: 'Secret1',
      }).success,
    ).toBe(true);
  });

  it('deleting takes a password, or nothing for Google users', () => {
    expect(deleteAccountSchema.parse({ password: 'x' })).toEqual({ password: 'x' });
    expect(deleteAccountSchema.parse({})).toEqual({});
    expect(issuesOf(deleteAccountSchema, { password: '' })).toEqual({
      password: ['Password is required'],
    });
  });
});

describe('analytics event', () => {
  it('takes a name of 1 to 100 characters and optional properties', () => {
    expect(trackEventSchema.parse({ name: 'add_credits_click' })).toEqual({
      name: 'add_credits_click',
    });
    expect(trackEventSchema.parse({ name: 'x', properties: { plan: 'Free', n: 1 } })).toEqual({
      name: 'x',
      properties: { plan: 'Free', n: 1 },
    });
    expect(trackEventSchema.safeParse({ name: '' }).success).toBe(false);
    expect(trackEventSchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
    expect(trackEventSchema.safeParse({ name: 'x', properties: 'y' }).success).toBe(false);
  });
});

describe('answers match api-spec §7 "Authentication"', () => {
  const plan = { name: 'Free', is_default: true };

  it('current user', () => {
    const user = {
      id: '7c0c9b1e-1b7e-4d8f-9a57-3b8e1f7f3b11',
      username: 'ann@acme.com',
      fname: 'Ann',
      lname: 'Lee',
      status: 'not verified',
      properties: { sections: ['mail'] },
      loginProvider: 'local',
      guestUserId: null,
      plan,
      userCredits: { balanceAvailable: 25, leadSearchBalance: 10 },
    };
    expect(currentUserSchema.parse(user)).toEqual(user);
    expect(currentUserSchema.safeParse({ ...user, status: 'blocked' }).success).toBe(false);
  });

  it('balance, token, message, error, emails found and plan', () => {
    const balance = { balance: 25, onHold: 0, plan, leadSearchBalance: 10 };
    expect(balanceAnswerSchema.parse(balance)).toEqual(balance);
    expect(tokenAnswerSchema.parse({ token: 'a.b.c' })).toEqual({ token: 'a.b.c' });
    expect(messageAnswerSchema.parse({ message: 'm' })).toEqual({ message: 'm' });
    const error = { statusCode: 401, error: 'Unauthorized', message: 'User unauthorized.' };
    expect(errorAnswerSchema.parse(error)).toEqual(error);
    expect(emailsFoundAnswerSchema.parse({ count: 3 })).toEqual({ count: 3 });
    expect(planSummarySchema.parse(plan)).toEqual(plan);
  });
});
