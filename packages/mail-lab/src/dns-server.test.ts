import { Resolver } from 'node:dns/promises';
import dns2 from 'dns2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailLab, startMailLab } from './start-mail-lab.ts';

const { Packet } = dns2;

describe('the lab DNS server', () => {
  let lab: MailLab;
  let query: (name: string, type: string) => Promise<dns2.Packet>;

  beforeAll(async () => {
    lab = await startMailLab({
      hosts: [
        { name: 'mx1.multi.test', address: '127.0.0.2', ptr: 'mx1.multi.test' },
        { name: 'mx2.multi.test', address: '127.0.0.3' },
        { name: 'v6.multi.test', address: '::1' },
      ],
      domains: [
        {
          name: 'multi.test',
          mx: [
            { priority: 20, host: 'mx2.multi.test' },
            { priority: 10, host: 'mx1.multi.test' },
          ],
          a: ['127.0.0.2'],
          aaaa: ['v6.multi.test'],
          txt: ['v=spf1 -all'],
        },
        { name: 'gone.test', nxdomain: true },
        { name: 'nomx.test', a: ['mx1.multi.test'] },
        { name: 'empty.test' },
        { name: 'nullmx.test', nullMx: true },
        { name: 'dangling.test', mx: [{ priority: 10, host: 'mail.dangling.test' }] },
        { name: 'alias.test', cname: 'multi.test' },
        { name: 'key._domainkey.multi.test', txt: [`v=DKIM1; k=rsa; p=${'A'.repeat(400)}`] },
      ],
    });
    const [host, port] = lab.dnsServer.split(':');
    const client = dns2.UDPClient({ dns: host, port: Number(port), timeout: 2000 });
    query = (name, type) => client(name, type);
  });
  afterAll(() => lab.close());

  it('answers MX records with several priorities', async () => {
    const response = await query('multi.test', 'MX');
    const mx = response.answers.map((a) => [a.priority, a.exchange]);
    expect(mx).toEqual([
      [20, 'mx2.multi.test'],
      [10, 'mx1.multi.test'],
    ]);
  });

  it('answers A, AAAA and TXT records for a domain and A records for MX hosts', async () => {
    expect((await query('multi.test', 'A')).answers[0]?.address).toBe('127.0.0.2');
    expect((await query('multi.test', 'AAAA')).answers[0]?.address).toBe('::1');
    expect((await query('multi.test', 'TXT')).answers[0]?.data).toEqual(['v=spf1 -all']);
    expect((await query('mx2.multi.test', 'A')).answers[0]?.address).toBe('127.0.0.3');
  });

  it("answers a host address's reverse name, and NXDOMAIN for an address without one", async () => {
    const resolver = new Resolver();
    resolver.setServers([lab.dnsServer]);
    expect(await resolver.reverse('127.0.0.2')).toEqual(['mx1.multi.test']);
    await expect(resolver.reverse('127.0.0.3')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('sends a TXT record longer than 255 characters in pieces a resolver joins', async () => {
    const resolver = new Resolver();
    resolver.setServers([lab.dnsServer]);
    const [pieces] = await resolver.resolveTxt('key._domainkey.multi.test');
    expect(pieces?.map((piece) => piece.length)).toEqual([255, 163]);
    expect(pieces?.join('')).toBe(`v=DKIM1; k=rsa; p=${'A'.repeat(400)}`);
  });

  it('answers NXDOMAIN for a domain that does not exist', async () => {
    const response = await query('gone.test', 'MX');
    expect(response.header.rcode).toBe(Packet.RCODE.NXDOMAIN);
    expect((await query('unknown.test', 'A')).header.rcode).toBe(Packet.RCODE.NXDOMAIN);
  });

  it('answers an empty MX set for a domain with only an address', async () => {
    const response = await query('nomx.test', 'MX');
    expect(response.header.rcode).toBe(0);
    expect(response.answers).toEqual([]);
    expect((await query('nomx.test', 'A')).answers[0]?.address).toBe('127.0.0.2');
    expect((await query('empty.test', 'A')).answers).toEqual([]);
  });

  it('answers a null MX (RFC 7505: 0 .)', async () => {
    const response = await query('nullmx.test', 'MX');
    expect(response.answers.map((a) => [a.priority, a.exchange])).toEqual([[0, '']]);
  });

  it('answers an MX that points at a name with no address', async () => {
    const mx = await query('dangling.test', 'MX');
    expect(mx.answers[0]?.exchange).toBe('mail.dangling.test');
    const address = await query('mail.dangling.test', 'A');
    expect(address.header.rcode).toBe(Packet.RCODE.NXDOMAIN);
  });

  it('answers a CNAME and follows it for other types', async () => {
    expect((await query('alias.test', 'CNAME')).answers[0]?.domain).toBe('multi.test');
    const mx = await query('alias.test', 'MX');
    expect(mx.answers.map((a) => a.type)).toEqual([
      Packet.TYPE.CNAME,
      Packet.TYPE.MX,
      Packet.TYPE.MX,
    ]);
  });
});
