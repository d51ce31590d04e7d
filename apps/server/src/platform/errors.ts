import { STATUS_CODES } from 'node:http';
import { failureMessages, validationMessages } from '@mailhound/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isQueryCanceled } from './pg-errors.ts';

// The JSON shape of every error: { statusCode, error, message }, Fastify's own; the web shows
// its message (api-spec §8 "the error catalogue": "server message or ...").
// `details` are more fields of the answer (a 402's `needed`).
export class HttpError extends Error {
  readonly statusCode: number;
  readonly details: Record<string, unknown> | undefined;
  // Sent as Retry-After (a 429's wait).
  readonly retryAfterSeconds: number | undefined;

  constructor(
    statusCode: number,
    message: string,
    extra: { details?: Record<string, unknown>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.details = extra.details;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const paymentRequired = (message: string) => new HttpError(402, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });
export const serviceUnavailable = (message: string) => new HttpError(503, message);

// What an unexpected failure answers (a 500, a search's error event).
export const genericFailure = failureMessages.retryLater;
// A request whose database statement ran past the statement timeout (a 503).
export const tookTooLong = 'The request took too long and was stopped. Please try again later.';

type Issue = { instancePath?: string; keyword: string; message?: string; params?: unknown };

type IssueParams = {
  keys?: string[];
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  exact?: boolean;
  values?: unknown[];
  format?: string;
  divisor?: number;
  prefix?: string;
  suffix?: string;
  includes?: string;
};

const zodEnglish = z.locales.en().localeError;

// zod's own texts ("Too small: expected string to have >=2 characters") name neither the field
// nor the rule in plain words; a schema's own text from the spec ('Password is required') is
// kept. A text is zod's when it is the one zod's English locale writes for that issue.
function isZodText(issue: Issue): boolean {
  const message = issue.message ?? '';
  if (message === '') return true;
  // The received type ("…, received number") is no longer in the issue: the start tells.
  if (issue.keyword === 'invalid_type') return message.startsWith('Invalid input: expected ');
  const text = zodEnglish({ ...(issue.params as object), code: issue.keyword } as never);
  return message === (typeof text === 'string' ? text : text?.message);
}

const sizeUnits: Record<string, string> = {
  string: 'characters',
  array: 'items',
  set: 'items',
  map: 'entries',
  file: 'bytes',
};

function sizeRule(params: IssueParams, side: 'least' | 'most'): string {
  const bound = side === 'least' ? params.minimum : params.maximum;
  const unit = sizeUnits[params.origin ?? ''];
  const amount = unit ? `${bound} ${bound === 1 ? unit.replace(/s$/, '') : unit}` : `${bound}`;
  // "must be at least 2 characters" (the spec's wording), "must have at least 1 item".
  const verb = unit && params.origin !== 'string' ? 'must have' : 'must be';
  if (params.exact) return `${verb} exactly ${amount}`;
  if (params.inclusive === false) {
    return `${verb} ${side === 'least' ? 'more' : 'fewer'} than ${amount}`;
  }
  return `${verb} at ${side} ${amount}`;
}

const formats: Record<string, string> = {
  email: 'a valid e-mail address',
  url: 'a valid URL',
  uuid: 'a valid id',
  guid: 'a valid id',
  date: 'a date as YYYY-MM-DD',
  datetime: 'an ISO 8601 date and time',
  time: 'a time as HH:MM',
};

function typeName(expected: string | undefined): string {
  if (expected === 'int') return 'a whole number';
  if (expected === 'record' || expected === 'object') return 'an object';
  if (expected === 'array') return 'an array';
  return `a ${expected ?? 'value'}`;
}

// The rule an issue breaks, in words, after its field's name.
function ruleOf(issue: Issue, params: IssueParams): string {
  switch (issue.keyword) {
    case 'invalid_type':
      return `must be ${typeName(params.expected)}`;
    case 'too_small':
      if (params.origin === 'string' && params.minimum === 1 && !params.exact) {
        return 'cannot be empty';
      }
      return sizeRule(params, 'least');
    case 'too_big':
      return sizeRule(params, 'most');
    case 'invalid_value': {
      const values = (params.values ?? []).map((value) => String(value));
      return values.length === 1
        ? `must be ${JSON.stringify(params.values?.[0])}`
        : `must be one of: ${values.join(', ')}`;
    }
    case 'invalid_format':
      if (params.format === 'starts_with') return `must start with "${params.prefix}"`;
      if (params.format === 'ends_with') return `must end with "${params.suffix}"`;
      if (params.format === 'includes') return `must include "${params.includes}"`;
      return `must be ${formats[params.format ?? ''] ?? 'in the expected format'}`;
    case 'not_multiple_of':
      return `must be a multiple of ${params.divisor}`;
    default:
      return 'is not valid';
  }
}

export function describeIssue(issue: Issue, where: string): string {
  const message = issue.message ?? '';
  const field = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
  // The spec's 'This field is required' is said under a form's field; a call that left a field
  // out is told which (a wrong type has zod's own text, worded below).
  if (issue.keyword === 'invalid_type' && message === validationMessages.required && field) {
    return `${field} is required`;
  }
  if (!isZodText(issue)) return message;
  const params = (issue.params ?? {}) as IssueParams;
  if (issue.keyword === 'unrecognized_keys') {
    const keys = (params.keys ?? []).map((key) => (field ? `${field}.${key}` : key));
    return `Unknown field${keys.length === 1 ? '' : 's'} in the ${where}: ${keys.join(', ')}`;
  }
  if (issue.keyword === 'invalid_type' && !field) {
    const expected = params.expected === 'record' ? 'object' : params.expected;
    return `The ${where} must be ${expected === 'object' ? 'a JSON object' : typeName(expected)}`;
  }
  // zod reports the received type only in its text: "…, received undefined".
  if (issue.keyword === 'invalid_type' && /received undefined$/.test(message)) {
    return `${field} is required`;
  }
  return `${field || `The ${where}`} ${ruleOf(issue, params)}`;
}

function errorName(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        error: errorName(error.statusCode),
        message: error.message,
        ...error.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const first = error.validation[0];
      const message = first ? describeIssue(first, where) : 'Invalid request';
      return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message });
    }
    // @fastify/multipart answers a body that is not multipart with 406 (Not Acceptable, which
    // is about the answer's type); the request's own type is what is wrong: 415.
    const statusCode =
      error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ? 415 : (error.statusCode ?? 500);
    if (statusCode >= 400 && statusCode < 500) {
      // Fastify's and its plugins' own client errors: malformed JSON, body or upload too large
      // (413), wrong content type, rate limits; worded for the client below.
      return reply
        .status(statusCode)
        .send({ statusCode, error: errorName(statusCode), message: clientMessage(error, request) });
    }
    if (isQueryCanceled(error)) {
      request.log.warn({ err: error }, 'database statement cancelled');
      return reply
        .status(503)
        .send({ statusCode: 503, error: errorName(503), message: tookTooLong });
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

// "1 MB" for 1,048,576 bytes: the unit the README's limits and the upload messages use.
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

// @fastify/multipart's refusals ('request file too large', 'reach files limit'), worded for
// the client; a route that knows its limit words its own 413 (files/read-upload.ts).
const multipartMessages: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_FILES_LIMIT: 'Send one file per upload.',
  FST_FIELDS_LIMIT: 'The upload has too many form fields.',
  FST_PARTS_LIMIT: 'The upload has too many parts.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the file as multipart/form-data.',
};

function clientMessage(error: FastifyError, request: FastifyRequest): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    // A route may allow more than BODY_LIMIT_BYTES (contact imports).
    const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit;
    return limit
      ? `The request body is larger than ${sizeText(limit)}.`
      : 'The request body is too large.';
  }
  const multipart = multipartMessages[error.code];
  if (multipart) return multipart;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return 'The request body is not valid JSON.';
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'The request body is empty; send a JSON object.';
  }
  return error.message;
}
