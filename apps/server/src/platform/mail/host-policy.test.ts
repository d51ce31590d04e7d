import dgram from 'node:dgram';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostLookup, resolveMailHost } from './host-policy.ts';

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

describe('mail server host names, asked of DNS with a timeout (security review 2f)', () => {
  let lab: MailLab;
  // A DNS server that takes every question and answers none.
  const silent = dgram.createSocket('udp4');
  beforeAll(async () => {
    lab = await startMailLab({
      hosts: [],
      domains: [
        { name: 'mail.public.test', a: ['8.8.8.8'] },
        { name: 'v6.public.test', aaaa: ['2a00:1450:4001:81c::1b'] },
        { name: 'mixed.test', a: ['8.8.8.8'], aaaa: ['fd00::1'] },
        { name: 'inside.test', a: ['10.1.2.3'] },
      ],
    });
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    silent.close();
    await lab?.close();
  });
  const labLookup = () => createHostLookup({ servers: [lab.dnsServer] });

  it('connects to the address the name has, IPv4 or IPv6 only', async () => {
    const lookup = labLookup();
    expect(await resolveMailHost('mail.public.test', false, notAllowed, lookup)).toEqual({
      host: 'mail.public.test',
      address: '8.8.8.8',
    });
    expect(await resolveMailHost('v6.public.test', false, notAllowed, lookup)).toEqual({
      host: 'v6.public.test',
      address: '2a00:1450:4001:81c::1b',
    });
  });

  it('refuses a name with any private address, IPv4 or IPv6, and localhost without asking', async () => {
    const lookup = labLookup();
    for (const host of ['mixed.test', 'inside.test', 'localhost', 'smtp.localhost']) {
      await expect(resolveMailHost(host, false, notAllowed, lookup)).rejects.toMatchObject({
        statusCode: 400,
        message: notAllowed,
      });
    }
    expect(await resolveMailHost('inside.test', true, notAllowed, lookup)).toEqual({
      host: 'inside.test',
      address: '10.1.2.3',
    });
  });

  it('says a name that does not exist is to be checked', async () => {
    for (const host of ['gone.test', 'hooks.mailhound.invalid']) {
      expect(await resolveMailHost(host, false, notAllowed, labLookup())).toEqual({
        host,
        error: `We could not find the server ${host}. Check the host name.`,
      });
    }
  });

  it('gives up on a DNS server that never answers, saying so', async () => {
    const { port } = silent.address();
    const lookup = createHostLookup({ servers: [`127.0.0.1:${port}`], timeoutMs: 100 });
    expect(await resolveMailHost('mail.public.test', false, notAllowed, lookup)).toEqual({
      host: 'mail.public.test',
      error:
        'We could not look up the server mail.public.test right now (DNS did not answer). Try again in a minute.',
    });
  });
});
