import type { TestContext } from './test-context.ts';

// The slice of an OpenAPI 3 schema that the routes' zod schemas produce.
export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
};

export type Operation = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  // As the document writes it: /api/mail/campaigns/{id}.
  path: string;
  needsToken: boolean;
  query: { name: string; schema: JsonSchema }[];
  // The JSON body's schema; absent for calls without one or with an upload.
  body: JsonSchema | undefined;
};

type DocumentOperation = {
  security?: object[];
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
};

// Every call the OpenAPI document at /api/docs/json lists, /api/mail's included.
export async function documentedOperations(t: TestContext): Promise<Operation[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const document = response.json() as { paths: Record<string, Record<string, DocumentOperation>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const security = operation.security ?? [];
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        // Guest calls (single search and its history) list `{}` among the options.
        needsToken:
          security.length > 0 && security.every((option) => Object.keys(option).length > 0),
        query: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map(({ name, schema }) => ({ name, schema })),
        body: operation.requestBody?.content?.['application/json']?.schema,
      };
    }),
  );
}

// A path with each {param} filled in.
export function concretePath(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

// Text a field of that name or pattern takes, so that a sample gets past the first checks.
const textByPattern: Record<string, string> = {
  '^(?:[01]\\d|2[0-3]):[0-5]\\d$': '09:00',
  '^\\d{4}-\\d{2}-\\d{2}$': '2030-05-01',
  '^\\d{6}$': '123456',
  '^guest_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$':
    'guest_00000000-0000-4000-8000-000000000000',
  '^\\/(?![/\\\\])': '/search/single',
};
const textByName: [RegExp, string][] = [
  [/email|username/i, 'ann@acme.test'],
  [/domain|website/i, 'acme.test'],
  [/timezone/i, 'UTC'],
  [/url$/i, 'http://mailhound.test/'],
  [/(^id|_id|Id)$/, '00000000-0000-4000-8000-000000000000'],
  // Not the fuzzing user's own (auth-fixtures): a sample must not delete the account.
  [/password/i, 'Secret34'],
];

function sampleText(schema: JsonSchema, name: string): string {
  if (schema.format === 'email') return 'ann@acme.test';
  if (schema.format === 'uri') return 'http://mailhound.test/';
  const byPattern = textByPattern[schema.pattern ?? ''];
  if (byPattern) return byPattern;
  const byName = textByName.find(([pattern]) => pattern.test(name));
  if (byName) return byName[1];
  return 'Text'.padEnd(schema.minLength ?? 0, 'x');
}

// A value of the schema's shape: every property present, one item per array, one entry per
// record; strings are plain text unless an enum, a format, a pattern or the name says otherwise.
export function sampleOf(schema: JsonSchema, name = ''): unknown {
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return sampleOf(option, name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        value[key] = sampleOf(property, key);
      }
      if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
        value.note = 'text';
      }
      return value;
    }
    case 'array':
      return schema.items ? [sampleOf(schema.items, name)] : [];
    case 'string':
      return sampleText(schema, name);
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return 'text';
  }
}

// The paths (keys then indexes) of every value in a JSON value that is not an array or an
// object and that `keep` takes.
export function leafPaths(
  value: unknown,
  keep: (leaf: unknown) => boolean = () => true,
  at: (string | number)[] = [],
): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => leafPaths(item, keep, [...at, index]));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, keep, [...at, key]));
  }
  return keep(value) ? [at] : [];
}

// A copy of a JSON value with the value at a path replaced.
export function withValue(
  value: unknown,
  path: (string | number)[],
  replacement: unknown,
): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withValue(copy[head], rest, replacement);
  return copy;
}
