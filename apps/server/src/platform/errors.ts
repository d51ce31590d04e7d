import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

// The JSON shape of every error: { statusCode, error, message } (auth-api.md).
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const paymentRequired = (message: string) => new HttpError(402, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
export const serviceUnavailable = (message: string) => new HttpError(503, message);

export const genericFailure = 'Something went wrong. Please try again later';

type Issue = { instancePath?: string; keyword: string; message?: string; params?: unknown };

// zod's own texts ("Invalid input: expected string, received undefined") do not say which
// field they are about; the schemas' texts from the spec ('Password is required') are kept.
const zodDefaultText =
  /^(Too (small|big)|Unrecognized key|Invalid (input|option|string|email|url|URL|UUID|uuid|date|number|element|key|union|type|enum))/;

export function describeIssue(issue: Issue, where: string): string {
  const message = issue.message ?? '';
  if (message && !zodDefaultText.test(message)) return message;
  const field = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
  const params = (issue.params ?? {}) as { keys?: string[]; expected?: string };
  const expected = params.expected === 'record' ? 'object' : params.expected;
  if (issue.keyword === 'unrecognized_keys') {
    const keys = (params.keys ?? []).map((key) => (field ? `${field}.${key}` : key));
    return `Unknown field${keys.length === 1 ? '' : 's'} in the ${where}: ${keys.join(', ')}`;
  }
  if (issue.keyword === 'invalid_type' && !field) {
    return `The ${where} must be ${expected === 'object' ? 'a JSON object' : `a ${expected}`}`;
  }
  if (issue.keyword === 'invalid_type') {
    // zod reports the received type only in its text: "…, received undefined".
    if (/received undefined$/.test(message)) return `${field} is required`;
    return `${field} must be ${expected === 'array' || expected === 'object' ? 'an' : 'a'} ${expected}`;
  }
  return field ? `${field}: ${message || 'invalid value'}` : message || 'Invalid request';
}

function errorName(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        error: errorName(error.statusCode),
        message: error.message,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const first = error.validation[0];
      const message = first ? describeIssue(first, where) : 'Invalid request';
      return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large (413), wrong content type,
      // rate limits. Their messages are already meant for the client.
      return reply
        .status(statusCode)
        .send({ statusCode, error: errorName(statusCode), message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ statusCode: 500, error: errorName(500), message: genericFailure });
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): void {
  reply.status(404).send({
    statusCode: 404,
    error: 'Not Found',
    message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
  });
}

function clientMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'The request body is too large.';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return 'The request body is not valid JSON.';
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'The request body is empty; send a JSON object.';
  }
  return error.message;
}
