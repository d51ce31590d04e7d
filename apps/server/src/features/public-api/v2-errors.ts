import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeIssue, genericFailure, HttpError } from '../../platform/errors.ts';

// Hunter's error shape (API v2 "Errors"): { errors: [{ id, code, details }] }, `code` being the
// HTTP status. The ids Hunter documents are kept; a case Hunter has no id for gets a plain one.
const idsByStatus: Record<number, string> = {
  400: 'wrong_params',
  401: 'authentication_failed',
  403: 'restricted_account',
  404: 'not_found',
  // Hunter's "Email Verification failed": the remote mail server's answer was unusable.
  222: 'verification_failed',
  429: 'too_many_requests',
  500: 'server_error',
};

export type V2ErrorBody = { errors: { id: string; code: number; details: string }[] };

export function v2ErrorBody(code: number, details: string, id?: string): V2ErrorBody {
  return { errors: [{ id: id ?? idsByStatus[code] ?? 'error', code, details }] };
}

// An error with Hunter's id (HttpError's details carry it to the handler below).
export function v2Error(code: number, details: string, id: string): HttpError {
  return new HttpError(code, details, { details: { id } });
}

export const missingKey =
  'No API key given: send it as the api_key parameter, the X-API-KEY header or Authorization: Bearer.';
export const unknownKey = 'No user found for the API key supplied';

// Every /v2 failure, ours or Fastify's, answers in Hunter's shape, in words, never as a 500
// for bad input.
export function registerV2ErrorHandling(v2: FastifyInstance): void {
  v2.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      const id = typeof error.details?.id === 'string' ? error.details.id : undefined;
      return reply.status(error.statusCode).send(v2ErrorBody(error.statusCode, error.message, id));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const details = first ? describeIssue(first, 'query') : 'The parameters are not valid';
      return reply.status(400).send(v2ErrorBody(400, details));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send(v2ErrorBody(statusCode, error.message));
    }
    request.log.error({ err: error }, 'public API call failed');
    return reply.status(500).send(v2ErrorBody(500, genericFailure));
  });
  v2.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(v2ErrorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}
