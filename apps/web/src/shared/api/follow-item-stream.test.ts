import { authMessages, storageKeys } from '@mailhound/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeServer, errorBody } from '../../test/fake-server.ts';
import { logIn, makeToken } from '../../test/session-fixtures.ts';
import { followItemStream } from './follow-item-stream.ts';

const itemSchema = z.object({ status: z.string(), found: z.number() });
const done = { status: 'completed', found: 12 };
const path = '/search-history/bulk/item-7';

describe('following an item stream across a password change', () => {
  it('opens the stream again with the new token when the old one was replaced meanwhile', async () => {
    const server = createFakeServer();
    const { token } = logIn(server);
    const fresh = makeToken({ sub: 'user-1', expiresInSeconds: 7200 });
    server.on(`GET /api${path}`, (request) => {
      if (request.headers.get('Authorization') !== token) return { body: done };
      // The password was changed while this stream was being opened: the old token is revoked.
      localStorage.setItem(storageKeys.token, fresh);
      return errorBody(401, authMessages.unauthorized);
    });
    const updates: unknown[] = [];

    await followItemStream(path, itemSchema, {
      onUpdate: (item) => updates.push(item),
      openWhenHidden: true,
    });

    expect(updates).toEqual([done]);
    expect(server.requestsTo(`GET /api${path}`).map((r) => r.headers.get('Authorization'))).toEqual(
      [token, fresh],
    );
    expect(localStorage.getItem(storageKeys.token)).toBe(fresh);
  });

  it('ends the session on a 401 to the token it was opened with', async () => {
    const server = createFakeServer();
    logIn(server);
    server.on(`GET /api${path}`, errorBody(401, authMessages.unauthorized));

    await expect(
      followItemStream(path, itemSchema, { onUpdate: () => undefined, openWhenHidden: true }),
    ).rejects.toThrow(authMessages.unauthorized);

    expect(server.requestsTo(`GET /api${path}`)).toHaveLength(1);
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });
});
