import { describe, expect, it } from 'vitest';
import { createHostLimiter } from './host-limiter.ts';

describe('the host limiter', () => {
  it("serves a lookup's retry before sessions that have not waited yet", async () => {
    const limiter = createHostLimiter({ overall: 1, perHost: 1, intervalMs: 0 });
    const order: string[] = [];
    const release = await limiter.acquire('a');
    const fresh = limiter.acquire('b').then((done) => {
      order.push('fresh');
      done();
    });
    const retry = limiter.acquire('c', undefined, true).then((done) => {
      order.push('retry');
      done();
    });
    release();
    await Promise.all([fresh, retry]);
    expect(order).toEqual(['retry', 'fresh']);
  });
});
