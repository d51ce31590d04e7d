import {
  currentUserSchema,
  deleteAccountSchema,
  errorAnswerSchema,
  forgotPasswordSchema,
  googleLoginSchema,
  googleUrlAnswerSchema,
  googleUrlQuerySchema,
  loginSchema,
  messageAnswerSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  signUpAnswerSchema,
  signUpSchema,
  tokenAnswerSchema,
  verifyEmailSchema,
} from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireUser, tokenRequired } from '../../platform/auth-hook.ts';
import type { App } from '../../platform/http.ts';
import type { AuthDeps } from './service.ts';
import * as auth from './service.ts';

const tags = ['auth'];
const errors = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  409: errorAnswerSchema,
  429: errorAnswerSchema,
  503: errorAnswerSchema,
};

// api-spec §7 "Authentication", route by route. Handlers parse (zod, through the type provider),
// call one service function and answer. The token is checked before the payload (preValidation): a
// caller without one gets 'User unauthorized.' (api-spec §8), never a 400 about the body.
export function registerAuthRoutes(app: App, deps: AuthDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/auth/signup',
    {
      schema: {
        tags,
        summary: 'Create an account; a 6-digit code is mailed',
        body: signUpSchema,
        response: { 201: signUpAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await auth.signUp(deps, request.body, (error) =>
        request.log.error({ err: error }, 'verification mail not sent'),
      );
      return reply.status(201).send(created);
    },
  );

  api.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Log in with e-mail and password',
        body: loginSchema,
        response: { 200: tokenAnswerSchema, ...errors },
      },
    },
    async (request) => auth.logIn(deps, request.body, request.ip),
  );

  api.get(
    '/auth/user',
    {
      preValidation: requireUser,
      schema: {
        security: tokenRequired,
        tags,
        summary: 'The current user',
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => auth.getCurrentUser(deps, currentUser(request).id),
  );

  api.patch(
    '/auth/user',
    {
      preValidation: requireUser,
      schema: {
        security: tokenRequired,
        tags,
        summary: 'Update first and last name',
        body: profileUpdateSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => auth.updateProfile(deps, currentUser(request).id, request.body),
  );

  api.patch(
    '/auth/user/password',
    {
      preValidation: requireUser,
      schema: {
        security: tokenRequired,
        tags,
        summary: 'Change the password; answers a fresh token (older tokens stop working)',
        body: passwordChangeSchema,
        response: { 200: tokenAnswerSchema, ...errors },
      },
    },
    async (request) => auth.changePassword(deps, currentUser(request), request.body),
  );

  api.delete(
    '/auth/user',
    {
      preValidation: requireUser,
      schema: {
        security: tokenRequired,
        tags,
        summary: 'Delete the account (password required unless signed in with Google)',
        // Google users may send no body at all.
        body: deleteAccountSchema.nullish(),
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => auth.deleteAccount(deps, currentUser(request), request.body ?? {}),
  );

  api.post(
    '/auth/password/forgot',
    {
      schema: {
        tags,
        summary: 'Mail a reset link (same answer whether or not the account exists)',
        body: forgotPasswordSchema,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) =>
      auth.forgotPassword(deps, request.body.email, (error) =>
        request.log.error({ err: error }, 'reset mail not sent'),
      ),
  );

  api.post(
    '/auth/password/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link token',
        body: resetPasswordSchema,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => auth.resetPassword(deps, request.body),
  );

  api.post(
    '/auth/verify-email',
    {
      schema: {
        tags,
        summary: 'Verify the e-mail address with the mailed code',
        body: verifyEmailSchema,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => auth.verifyEmail(deps, request.body),
  );

  api.post(
    '/auth/resend-verification-email',
    {
      schema: {
        tags,
        summary: 'Mail a new verification code (once a minute)',
        body: resendVerificationSchema,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => auth.resendVerificationCode(deps, request.body.username),
  );

  api.get(
    '/auth/google/url',
    {
      schema: {
        tags,
        summary: 'Authorize URL of the identity provider',
        querystring: googleUrlQuerySchema,
        response: { 200: googleUrlAnswerSchema, ...errors },
      },
    },
    async (request) => auth.googleAuthorizeUrl(deps, request.query.redirectUrl),
  );

  api.post(
    '/auth/google',
    {
      schema: {
        tags,
        summary: 'Exchange the identity provider code for a token',
        body: googleLoginSchema,
        response: { 200: tokenAnswerSchema, ...errors },
      },
    },
    async (request) =>
      auth.googleLogIn(deps, request.body, (error) =>
        request.log.warn({ err: error }, 'Google sign-in failed'),
      ),
  );
}
