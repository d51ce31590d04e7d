import type { TestContext } from './test-context.ts';

// The slice of an OpenAPI 3 schema that the routes' zod schemas produce.
export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
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

// A value of the schema's shape: every property present, one item per array, one entry per
// record; strings are plain text unless an enum or a format says otherwise.
export function sampleOf(schema: JsonSchema): unknown {
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return sampleOf(option);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        value[key] = sampleOf(property);
      }
      if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
        value.note = 'text';
      }
      return value;
    }
    case 'array':
      return schema.items ? [sampleOf(schema.items)] : [];
    case 'string':
      return schema.format === 'email' ? 'ann@acme.com' : 'text';
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return 'text';
  }
}

// The paths (keys then indexes) of every string in a JSON value.
export function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringPaths(item, [...at, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...at, key]));
  }
  return [];
}

// A deep copy of a JSON value with the string at a path replaced.
export function withString(value: unknown, path: (string | number)[], text: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return text;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  copy[head] = withString(copy[head], rest, text);
  return copy;
}
