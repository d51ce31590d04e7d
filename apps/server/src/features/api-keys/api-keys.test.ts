import { createHash } from 'node:crypto';
import {
  API_KEYS_MAX,
  apiKeyListSchema,
  apiKeyMessages,
  apiUsagePageSchema,
  authMessages,
  validationMessages,
} from '@mailhound/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createApiKey } from './api-keys.test-kit.ts';
import { findKeyHolder, purgeOldApiUsage, recordApiCall } from './keys.ts';
import { apiKeys, apiUsage } from './schema.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function listKeys(token: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/api-keys',
    headers: { authorization: token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return apiKeyListSchema.parse(response.json()).keys;
}

describe('API keys (Settings › API)', () => {
  it('makes a key shown once, stores only its SHA-256, and lists it by name and prefix', async () => {
    const user = await activeUser(t);
    const created = await createApiKey(t, user.token, 'CRM sync');
    expect(created.key).toMatch(/^mh_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 9));
    expect(created.name).toBe('CRM sync');

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(9));

    const keys = await listKeys(user.token);
    expect(keys).toEqual([
      {
        id: created.id,
        name: 'CRM sync',
        prefix: created.prefix,
        created: created.created,
        last_used: null,
        requests_this_period: 0,
      },
    ]);
    expect(JSON.stringify(keys)).not.toContain(created.key);
  });

  it('answers 401 without a login token and writes nothing', async () => {
    const before = await t.countRows('api_keys');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(authMessages.unauthorized);
    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys' });
    expect(list.statusCode).toBe(401);
    expect(await t.countRows('api_keys')).toBe(before);
  });

  it('refuses a missing or too long name with a 400 in words and writes nothing', async () => {
    const user = await activeUser(t);
    const before = await t.countRows('api_keys');
    for (const [payload, message] of [
      [{ name: '  ' }, validationMessages.required],
      [{ name: 'x'.repeat(51) }, validationMessages.maxLength(50)],
      // Left out of the call, the field is named.
      [{}, 'name is required'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: { authorization: user.token },
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await t.countRows('api_keys')).toBe(before);
  });

  it(`keeps at most ${API_KEYS_MAX} live keys; a revoked one frees its place`, async () => {
    const user = await activeUser(t);
    const keys = await Promise.all(
      Array.from({ length: API_KEYS_MAX }, (_, i) => createApiKey(t, user.token, `key ${i}`)),
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { authorization: user.token },
      payload: { name: 'one more' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(apiKeyMessages.tooMany);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${keys[0]?.id}`,
      headers: { authorization: user.token },
    });
    expect(revoked.statusCode).toBe(200);
    await createApiKey(t, user.token, 'one more');
  });

  it('revokes a key: gone from the list, its next lookup finds no one, a second revoke is a 404', async () => {
    const user = await activeUser(t);
    const stranger = await activeUser(t);
    const created = await createApiKey(t, user.token);
    expect((await findKeyHolder(t.db, created.key))?.user.id).toBe(user.id);

    const byStranger = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${created.id}`,
      headers: { authorization: stranger.token },
    });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().message).toBe(apiKeyMessages.notFound);

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${created.id}`,
      headers: { authorization: user.token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: apiKeyMessages.revoked });
    expect(await listKeys(user.token)).toEqual([]);
    expect(await findKeyHolder(t.db, created.key)).toBeNull();

    for (const id of [created.id, 'not-an-id']) {
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/api-keys/${id}`,
        headers: { authorization: user.token },
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(apiKeyMessages.notFound);
    }
  });

  it("pages the keys' calls newest first, revoked keys' too, and counts them on the key", async () => {
    const user = await activeUser(t);
    const other = await activeUser(t);
    const first = await createApiKey(t, user.token, 'first');
    const second = await createApiKey(t, user.token, 'second');
    const foreign = await createApiKey(t, other.token, 'foreign');
    // After the account's plan grant, which opened its period.
    const base = Date.now() + 60_000;
    const calls = [
      { keyId: first.id, endpoint: 'email-finder', status: 200, credits: 1 },
      { keyId: second.id, endpoint: 'email-verifier', status: 202, credits: 0 },
      { keyId: first.id, endpoint: 'account', status: 200, credits: 0 },
      { keyId: foreign.id, endpoint: 'account', status: 200, credits: 0 },
    ];
    for (const [index, call] of calls.entries()) {
      await recordApiCall(t.db, { ...call, at: new Date(base + index * 1000) });
    }

    const keys = await listKeys(user.token);
    expect(keys.find((key) => key.id === first.id)).toMatchObject({
      requests_this_period: 2,
      last_used: new Date(base + 2000).toISOString(),
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${second.id}`,
      headers: { authorization: user.token },
    });

    const page = await t.app.inject({
      method: 'GET',
      url: '/api/api-keys/usage?page=1&count=2',
      headers: { authorization: user.token },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(apiUsagePageSchema.parse(page.json())).toEqual({
      total: 3,
      rows: [
        {
          key_id: first.id,
          key_name: 'first',
          endpoint: 'account',
          status: 200,
          credits: 0,
          at: new Date(base + 2000).toISOString(),
        },
        {
          key_id: second.id,
          key_name: 'second',
          endpoint: 'email-verifier',
          status: 202,
          credits: 0,
          at: new Date(base + 1000).toISOString(),
        },
      ],
    });
    const last = await t.app.inject({
      method: 'GET',
      url: '/api/api-keys/usage?page=2&count=2',
      headers: { authorization: user.token },
    });
    expect(last.json().rows.map((row: { endpoint: string }) => row.endpoint)).toEqual([
      'email-finder',
    ]);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/api-keys/usage?count=100000',
      headers: { authorization: user.token },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('usage rows', () => {
  it('are kept 90 days: the daily sweep removes older ones and keeps the rest', async () => {
    const user = await activeUser(t);
    const { id: keyId } = await createApiKey(t, user.token);
    const now = new Date('2031-06-01T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);
    for (const at of [daysAgo(91), daysAgo(90.5), daysAgo(89), daysAgo(0)]) {
      await recordApiCall(t.db, { keyId, endpoint: 'account', status: 200, credits: 0, at });
    }
    await purgeOldApiUsage(t.db, now);
    const kept = await t.db
      .select({ at: apiUsage.at })
      .from(apiUsage)
      .where(eq(apiUsage.keyId, keyId))
      .orderBy(apiUsage.at);
    expect(kept.map((row) => row.at)).toEqual([daysAgo(89), daysAgo(0)]);
  });
});
