import { describe, expect, it } from 'vitest';
import { resolveMailHost } from './host-policy.ts';

const notAllowed = 'This mail server address is not allowed.';

describe('mail server host policy', () => {
  it.each([
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['64:ff9b::a00:1', 'NAT64 (64:ff9b::/96)'],
    ['2002:7f00:1::1', '6to4 (2002::/16)'],
    ['198.18.0.1', 'benchmarking (198.18.0.0/15)'],
    ['198.19.255.254', 'benchmarking (198.18.0.0/15)'],
    ['192.0.0.8', 'IETF protocol assignments (192.0.0.0/24)'],
    ['192.0.2.1', 'TEST-NET-1'],
    ['198.51.100.1', 'TEST-NET-2'],
    ['203.0.113.1', 'TEST-NET-3'],
    ['fec0::1', 'site-local (fec0::/10)'],
    ['100::1', 'discard (100::/64)'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local'],
    ['[::1]', 'IPv6 loopback'],
    ['fd00::1', 'unique local'],
  ])('refuses %s (%s)', async (host) => {
    await expect(resolveMailHost(host, false)).rejects.toMatchObject({
      statusCode: 400,
      message: notAllowed,
    });
  });

  it.each(['8.8.8.8', '2a00:1450:4001:81c::1b', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    async (host) => {
      expect(await resolveMailHost(host, false)).toEqual({ host, address: host });
    },
  );

  it('allows any address when MAIL_ALLOW_PRIVATE_HOSTS is set', async () => {
    for (const host of ['127.0.0.1', '198.18.0.1', '64:ff9b::a00:1']) {
      expect(await resolveMailHost(host, true)).toEqual({ host, address: host });
    }
  });
});
