import { describe, expect, it } from 'vitest';
import { findMailRoute } from './mail-route.ts';
import type { DnsResult, Resolver } from './resolver.ts';

const ok = <T>(records: T[]): DnsResult<T> => ({ status: 'ok', records, ttlSeconds: 300 });

function fakeResolver(addresses: Record<string, { 4?: string[]; 6?: string[] }>) {
  const asked: string[] = [];
  const resolver: Resolver = {
    mx: async () =>
      ok([
        { priority: 10, exchange: 'mx1.acme.test' },
        { priority: 20, exchange: 'mx2.acme.test' },
      ]),
    addresses: async (name, family) => {
      asked.push(`${family === 4 ? 'A' : 'AAAA'} ${name}`);
      return ok(addresses[name]?.[family] ?? []);
    },
  };
  return { resolver, asked };
}

describe('the mail route', () => {
  it('asks for IPv6 addresses only for MX hosts without an IPv4 one', async () => {
    const { resolver, asked } = fakeResolver({
      'mx1.acme.test': { 4: ['192.0.2.1'], 6: ['2001:db8::1'] },
      'mx2.acme.test': { 6: ['2001:db8::2'] },
    });
    const route = await findMailRoute('acme.test', resolver, false);
    expect(route).toMatchObject({
      ok: true,
      hosts: [
        { name: 'mx1.acme.test', addresses: ['192.0.2.1'] },
        { name: 'mx2.acme.test', addresses: ['2001:db8::2'] },
      ],
    });
    expect(asked.sort()).toEqual(['A mx1.acme.test', 'A mx2.acme.test', 'AAAA mx2.acme.test']);
  });

  it('contacts a private address only when the policy names its host and address', async () => {
    const { resolver } = fakeResolver({
      'mx1.acme.test': { 4: ['127.20.0.1'] },
      'mx2.acme.test': { 4: ['10.0.0.2'] },
    });
    expect(await findMailRoute('acme.test', resolver, false)).toMatchObject({
      ok: false,
      error: 'Mail server address not allowed',
    });
    const labHost = (host: string, address: string) =>
      host === 'mx1.acme.test' && address === '127.20.0.1';
    expect(await findMailRoute('acme.test', resolver, labHost)).toMatchObject({
      ok: true,
      hosts: [{ name: 'mx1.acme.test', addresses: ['127.20.0.1'] }],
    });
    expect((await findMailRoute('acme.test', resolver, true)).ok).toBe(true);
  });
});
