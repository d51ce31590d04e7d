import { Resolver } from 'node:dns/promises';
import type { HealthCheck } from '@mailhound/contracts';
import { type LabDomain, type MailLab, startMailLab } from '@mailhound/mail-lab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSenderDomain, type HealthDns, withMechanism } from './domain-health.ts';

// RFC 7208 Appendix A: the example zone, for a domain of each example's own.
const rfcZone = (name: string, spf: string): LabDomain => ({
  name,
  mx: [
    { priority: 10, host: 'mx.example.com' },
    { priority: 20, host: 'mx2.example.com' },
  ],
  a: ['192.0.2.10', '192.0.2.11'],
  txt: [spf],
});

// Eleven includes: one DNS lookup each, past RFC 7208 §4.6.4's ten.
const includes = Array.from({ length: 11 }, (_, i) => `include:i${i}.spf.test`).join(' ');

const KEY = `v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'.repeat(9)}`;

let lab: MailLab;
let dns: HealthDns;

beforeAll(async () => {
  lab = await startMailLab({
    hosts: [
      { name: 'smtp.good.test', address: '127.0.0.5', ptr: 'smtp.good.test' },
      { name: 'smtp.bare.test', address: '127.0.0.6' },
      { name: 'smtp.lying.test', address: '127.0.0.7', ptr: 'mail.elsewhere.test' },
    ],
    domains: [
      { name: 'mx.example.com', a: ['192.0.2.1'] },
      { name: 'mx2.example.com', a: ['192.0.2.129'] },
      { name: 'mx.example.org', a: ['192.0.2.140'] },
      { name: 'example.org', mx: [{ priority: 10, host: 'mx.example.org' }] },
      rfcZone('plus-all.test', 'v=spf1 +all'),
      rfcZone('a.test', 'v=spf1 a -all'),
      rfcZone('a-org.test', 'v=spf1 a:example.org -all'),
      rfcZone('mx.test', 'v=spf1 mx -all'),
      rfcZone('mx-org.test', 'v=spf1 mx:example.org -all'),
      rfcZone('ip4.test', 'v=spf1 ip4:192.0.2.128/28 -all'),
      rfcZone('soft.test', 'v=spf1 ip4:192.0.2.1 ~all'),
      rfcZone('provider.test', 'v=spf1 include:_spf.provider.test -all'),
      { name: '_spf.provider.test', txt: ['v=spf1 ip4:192.0.2.200 -all'] },
      rfcZone('many.test', `v=spf1 ${includes} -all`),
      ...Array.from({ length: 11 }, (_, i) => ({ name: `i${i}.spf.test`, txt: ['v=spf1 -all'] })),
      {
        name: 'good.test',
        mx: [{ priority: 10, host: 'smtp.good.test' }],
        txt: ['v=spf1 a:smtp.good.test -all', 'google-site-verification=abc'],
      },
      { name: '_dmarc.good.test', txt: ['v=DMARC1; p=reject; rua=mailto:d@good.test'] },
      { name: 'mail._domainkey.good.test', txt: [KEY] },
      { name: 'bare.test', a: ['127.0.0.6'] },
      {
        name: 'weak.test',
        mx: [{ priority: 10, host: 'smtp.lying.test' }],
        txt: ['v=spf1 a:smtp.lying.test -all'],
      },
      { name: '_dmarc.weak.test', txt: ['v=DMARC1; p=none'] },
      { name: 'gone._domainkey.weak.test', txt: ['v=DKIM1; p='] },
    ],
  });
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([lab.dnsServer]);
  dns = resolver;
});
afterAll(() => lab.close());

const spfOf = async (domain: string, smtpHost: string) => {
  const health = await checkSenderDomain(dns, {
    email: `amy@${domain}`,
    smtpHost,
    dkimSelector: null,
  });
  return health.checks.find((c) => c.check === 'spf') as HealthCheck;
};

describe('SPF: the sending host is allowed (RFC 7208 Appendix A.1 examples)', () => {
  it.each([
    ['plus-all.test', '192.0.2.200', 'ok'],
    ['a.test', '192.0.2.10', 'ok'],
    ['a.test', '192.0.2.65', 'fail'],
    ['a-org.test', '192.0.2.10', 'fail'],
    ['mx.test', '192.0.2.129', 'ok'],
    ['mx.test', '192.0.2.10', 'fail'],
    ['mx-org.test', '192.0.2.140', 'ok'],
    ['ip4.test', '192.0.2.65', 'fail'],
    ['ip4.test', '192.0.2.129', 'ok'],
    ['provider.test', '192.0.2.200', 'ok'],
    ['soft.test', '192.0.2.200', 'warn'],
  ])('%s with the SMTP host at %s: %s', async (domain, ip, state) => {
    expect((await spfOf(domain, ip)).state).toBe(state);
  });

  it('names the host SPF leaves out and the record that lets it send', async () => {
    expect(await spfOf('a.test', '192.0.2.65')).toEqual({
      check: 'spf',
      state: 'fail',
      found: 'v=spf1 a -all',
      problem: 'SPF does not allow 192.0.2.65 (192.0.2.65) to send for a.test (fail).',
      fix: { type: 'TXT', name: 'a.test', value: 'v=spf1 a ip4:192.0.2.65 -all' },
    });
  });

  it('fails a record that needs more than ten DNS lookups', async () => {
    const spf = await spfOf('many.test', '192.0.2.10');
    expect(spf.state).toBe('fail');
    expect(spf.problem).toContain('more than 10 DNS lookups');
  });

  it('fails a domain with no SPF record and gives one that allows the SMTP host', async () => {
    const spf = await spfOf('bare.test', 'smtp.bare.test');
    expect(spf.state).toBe('fail');
    expect(spf.fix).toEqual({
      type: 'TXT',
      name: 'bare.test',
      value: 'v=spf1 a:smtp.bare.test ~all',
    });
  });

  it('puts a new mechanism before "all" or a redirect', () => {
    expect(withMechanism('v=spf1 include:x.test ~all', 'a:h.test')).toBe(
      'v=spf1 include:x.test a:h.test ~all',
    );
    expect(withMechanism('v=spf1 redirect=x.test', 'a:h.test')).toBe(
      'v=spf1 a:h.test redirect=x.test',
    );
    expect(withMechanism('v=spf1 mx', 'a:h.test')).toBe('v=spf1 mx a:h.test');
  });
});

describe('a sender domain as a whole', () => {
  it('is ok when SPF, DMARC, DKIM (a common selector), MX and reverse DNS all are', async () => {
    const health = await checkSenderDomain(dns, {
      email: 'amy@good.test',
      smtpHost: 'smtp.good.test',
      dkimSelector: null,
    });
    expect(health.state).toBe('ok');
    expect(Object.fromEntries(health.checks.map((c) => [c.check, [c.state, c.found]]))).toEqual({
      spf: ['ok', 'v=spf1 a:smtp.good.test -all'],
      dmarc: ['ok', 'v=DMARC1; p=reject; rua=mailto:d@good.test'],
      dkim: ['ok', 'mail._domainkey.good.test'],
      mx: ['ok', '10 smtp.good.test'],
      reverse_dns: ['ok', '127.0.0.5 → smtp.good.test'],
    });
  });

  it('says what is missing and the record to add at a bare domain', async () => {
    const health = await checkSenderDomain(dns, {
      email: 'amy@bare.test',
      smtpHost: 'smtp.bare.test',
      dkimSelector: 's2024',
    });
    expect(health.state).toBe('fail');
    const by = Object.fromEntries(health.checks.map((c) => [c.check, c]));
    expect(by.dmarc).toMatchObject({
      state: 'fail',
      fix: {
        type: 'TXT',
        name: '_dmarc.bare.test',
        value: 'v=DMARC1; p=quarantine; rua=mailto:postmaster@bare.test',
      },
    });
    expect(by.dkim).toMatchObject({
      state: 'fail',
      problem: expect.stringContaining('No DKIM key at s2024._domainkey.bare.test'),
      fix: { type: 'TXT', name: 's2024._domainkey.bare.test' },
    });
    expect(by.mx).toMatchObject({ state: 'fail', problem: expect.stringContaining('no MX') });
    expect(by.reverse_dns).toMatchObject({
      state: 'fail',
      fix: { type: 'PTR', name: '6.0.0.127.in-addr.arpa', value: 'smtp.bare.test' },
    });
  });

  it('warns of a monitoring-only DMARC policy, a revoked DKIM key and an unconfirmed reverse name', async () => {
    const health = await checkSenderDomain(dns, {
      email: 'amy@weak.test',
      smtpHost: 'smtp.lying.test',
      dkimSelector: 'gone',
    });
    const by = Object.fromEntries(health.checks.map((c) => [c.check, c]));
    expect(by.spf?.state).toBe('ok');
    expect(by.dmarc).toMatchObject({
      state: 'warn',
      fix: { name: '_dmarc.weak.test', value: 'v=DMARC1; p=quarantine' },
    });
    expect(by.dkim).toMatchObject({ state: 'fail', problem: expect.stringContaining('revoked') });
    expect(by.reverse_dns).toMatchObject({
      state: 'warn',
      found: '127.0.0.7 → mail.elsewhere.test',
    });
  });

  it('warns, rather than fails, when the DNS does not answer', async () => {
    const silent = new Resolver({ timeout: 200, tries: 1 });
    silent.setServers(['127.0.0.1:9']);
    const health = await checkSenderDomain(silent, {
      email: 'amy@good.test',
      smtpHost: 'smtp.good.test',
      dkimSelector: null,
    });
    expect(health.checks.map((c) => c.state)).not.toContain('fail');
    expect(health.state).toBe('warn');
  });
});
