import { z } from 'zod';
import { type Endpoint, endpoints } from './endpoints.ts';

type JsonSchema = { properties?: Record<string, unknown>; required?: string[] };

function parametersOf(querystring: z.ZodType) {
  const schema = z.toJSONSchema(querystring, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function operationOf(name: string, endpoint: Endpoint) {
  return {
    operationId: name,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: ['v2'],
    parameters: parametersOf(endpoint.querystring),
    responses: Object.fromEntries(
      Object.entries(endpoint.answers).map(([status, schema]) => [
        status,
        {
          description: status.startsWith('2') ? 'Answer' : 'Error',
          content: {
            'application/json': {
              schema: z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }),
            },
          },
        },
      ]),
    ),
  };
}

// The OpenAPI document of `/v2` (served at /v2/docs), written from the routes' own schemas.
export function publicApiDocument(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mailhound public API',
      version: '2',
      description:
        "Compatible with Hunter's API v2: the same calls, parameters, `data`/`meta` answers and `errors`. Send an API key (Settings › API) as the `api_key` parameter, the `X-API-KEY` header or `Authorization: Bearer <key>`.",
    },
    servers: [{ url: `${publicUrl}/v2` }],
    security: [{ apiKeyQuery: [] }, { apiKeyHeader: [] }, { bearer: [] }],
    components: {
      securitySchemes: {
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-KEY' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    paths: Object.fromEntries(
      Object.entries(endpoints).map(([name, endpoint]) => [
        `/${name}`,
        { get: operationOf(name, endpoint) },
      ]),
    ),
  };
}
