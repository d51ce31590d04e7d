import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEvent } from './post-event.ts';
import { type Receiver, startReceiver } from './webhooks.test-kit.ts';

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.stop();
});

describe('postEvent', () => {
  it('connects to the address the host policy checked, never to a fresh lookup of the name', async () => {
    // `.invalid` never resolves (RFC 6761): only the pinned address can reach the receiver.
    const port = new URL(receiver.url).port;
    const url = new URL(`http://hooks.mailhound.invalid:${port}/hooks`);
    const outcome = await postEvent(url, '127.0.0.1', '{"id":"evt_1"}', { 'x-test': 'pinned' });
    expect(outcome).toEqual({ statusCode: 200, error: null });
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    // The request still names the URL's host, as a receiver behind a virtual host expects.
    expect(delivery?.headers.host).toBe(`hooks.mailhound.invalid:${port}`);
    expect(delivery?.headers['x-test']).toBe('pinned');
    expect(delivery?.body).toBe('{"id":"evt_1"}');
  });
});
