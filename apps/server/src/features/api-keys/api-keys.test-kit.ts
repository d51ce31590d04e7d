import { apiKeyCreatedSchema } from '@mailhound/contracts';
import { expect } from 'vitest';
import type { TestContext } from '../../test/test-context.ts';

// Makes a key through the web API, as Settings › API does.
export async function createApiKey(t: TestContext, token: string, name = 'script') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { authorization: token },
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return apiKeyCreatedSchema.parse(response.json());
}
