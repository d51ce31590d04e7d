import { createSocket } from 'node:dgram';
import { domainSearchAnswerSchema, singleSearchExample } from '@mailhound/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { closeDemoMailWorld } from '../search/index.ts';

let t: TestContext;

beforeAll(async () => {
  // As `npm start` has it: the demo world on, and the "internet" a resolver that never answers.
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const deadPort = socket.address().port;
  await new Promise<void>((resolve) => socket.close(resolve));
  t = await createTestContext({
    env: { DEMO_MAIL_WORLD: 'on', FINDER_RESOLVERS: `127.0.0.1:${deadPort}` },
  });
});
afterAll(async () => {
  await t.close();
  await closeDemoMailWorld();
});

it("answers a demo company's MX hosts from the demo mail world, offline", async () => {
  const { token } = await activeUser(t);
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/domain-search?domain=${singleSearchExample.company}`,
    headers: { authorization: token },
  });
  expect(response.statusCode, response.body).toBe(200);
  const answer = domainSearchAnswerSchema.parse(response.json());
  expect(answer.mail).toMatchObject({ mxHosts: ['mx.demo-mail.example'], mxError: null });
});
