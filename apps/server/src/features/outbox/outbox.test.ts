import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

let t: TestContext | undefined;
afterEach(() => t?.close());

async function outboxPage(env: Record<string, string>) {
  t = await createTestContext({ env });
  const user = await signUp(t);
  const response = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
  return { status: response.statusCode, showsCode: response.body.includes(user.code) };
}

describe('GET /dev/outbox', () => {
  it('shows the codes while the server listens on a loopback address', async () => {
    expect(await outboxPage({ HOST: '127.0.0.1' })).toEqual({ status: 200, showsCode: true });
    await t?.close();
    expect(await outboxPage({ HOST: '::1' })).toEqual({ status: 200, showsCode: true });
  });

  it('is not found on a server others can reach, unless DEV_OUTBOX opts in', async () => {
    expect(await outboxPage({ HOST: '0.0.0.0' })).toEqual({ status: 404, showsCode: false });
    await t?.close();
    expect(await outboxPage({ HOST: '0.0.0.0', DEV_OUTBOX: 'true' })).toEqual({
      status: 200,
      showsCode: true,
    });
  });
});
