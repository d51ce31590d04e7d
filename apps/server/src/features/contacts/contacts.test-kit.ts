import type { LightMyRequestResponse } from 'fastify';
import { activeUser } from '../../test/auth-fixtures.ts';
import type { TestContext } from '../../test/test-context.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type MailCall = (
  method: Method,
  url: string,
  payload?: object,
) => Promise<LightMyRequestResponse>;

// An active user and a client of the mail service API that sends its Bearer token.
export async function mailUser(
  t: TestContext,
): Promise<{ id: string; token: string; call: MailCall }> {
  const user = await activeUser(t);
  const call: MailCall = (method, url, payload) =>
    t.app.inject({
      method,
      url: `/api/mail${url}`,
      headers: { authorization: `Bearer ${user.token}` },
      ...(payload ? { payload } : {}),
    });
  return { id: user.id, token: user.token, call };
}

export type StreamMessage = { event: string | undefined; data: unknown };

// The messages of a finished text/event-stream body.
export function readEventStream(body: string): StreamMessage[] {
  return body
    .split('\n\n')
    .map((block) => block.split('\n'))
    .flatMap((lines) => {
      const data = lines.find((line) => line.startsWith('data: '));
      if (!data) return [];
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length);
      return [{ event, data: JSON.parse(data.slice('data: '.length)) as unknown }];
    });
}
