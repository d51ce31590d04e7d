/// <reference path="./mailauth.d.ts" />
import type { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { HealthCheck, HealthState } from '@mailhound/contracts';

// The DNS the checks ask: a node resolver, pointed at FINDER_RESOLVERS (the mail lab in tests).
export type HealthDns = Pick<
  Resolver,
  'resolve' | 'resolve4' | 'resolve6' | 'resolveMx' | 'resolvePtr' | 'resolveTxt'
>;

export type SenderDomain = { email: string; smtpHost: string; dkimSelector: string | null };
export type DomainHealth = { domain: string; state: HealthState; checks: HealthCheck[] };

// Selectors the big providers and panels use, asked when the user names none.
export const COMMON_DKIM_SELECTORS = [
  'default',
  'google',
  'selector1',
  'selector2',
  'k1',
  's1',
  'mail',
] as const;

const rank: Record<HealthState, number> = { ok: 0, warn: 1, fail: 2 };

export function worstState(states: HealthState[]): HealthState {
  return states.reduce<HealthState>(
    (worst, state) => (rank[state] > rank[worst] ? state : worst),
    'ok',
  );
}

// ENOTFOUND (NXDOMAIN) and ENODATA (no records of the type) mean "none"; anything else
// (a timeout, SERVFAIL) means the question went unanswered.
function isNoRecord(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ENOTFOUND' || code === 'ENODATA';
}

function unanswered(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  return code ? `the DNS did not answer (${code})` : 'the DNS did not answer';
}

async function orNone<T>(question: Promise<T[]>): Promise<T[]> {
  try {
    return await question;
  } catch (error) {
    if (isNoRecord(error)) return [];
    throw error;
  }
}

const check = (
  name: HealthCheck['check'],
  state: HealthState,
  found: string | null,
  problem: string | null = null,
  fix: HealthCheck['fix'] = null,
): HealthCheck => ({ check: name, state, found, problem, fix });

async function txtRecords(dns: HealthDns, name: string): Promise<string[]> {
  return (await orNone(dns.resolveTxt(name))).map((pieces) => pieces.join(''));
}

// The SMTP host's addresses: the ones SPF must allow and whose reverse names are checked.
async function addressesOf(dns: HealthDns, host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  const [v4, v6] = await Promise.allSettled([dns.resolve4(host), dns.resolve6(host)]);
  return [v4, v6].flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
}

// `v=spf1 include:_spf.example.com ~all` + `a:smtp.host` → the mechanism goes before `all`
// (or a redirect), where a receiver still reaches it (RFC 7208 §4.6.2: evaluated left to right).
export function withMechanism(record: string, mechanism: string): string {
  const terms = record.trim().split(/\s+/);
  const end = terms.findIndex((term) => /^[-+~?]?all$/i.test(term) || /^redirect=/i.test(term));
  if (end < 0) return [...terms, mechanism].join(' ');
  return [...terms.slice(0, end), mechanism, ...terms.slice(end)].join(' ');
}

async function checkSpf(
  dns: HealthDns,
  domain: string,
  smtpHost: string,
  addresses: string[],
): Promise<HealthCheck> {
  const records = (await txtRecords(dns, domain)).filter((txt) => /^v=spf1(\s|$)/i.test(txt));
  const family = isIP(smtpHost);
  const allowHost = family === 0 ? `a:${smtpHost}` : `ip${family}:${smtpHost}`;
  if (records.length === 0) {
    return check(
      'spf',
      'fail',
      null,
      `${domain} publishes no SPF record, so receivers cannot tell that ${smtpHost} may send its mail.`,
      { type: 'TXT', name: domain, value: `v=spf1 ${allowHost} ~all` },
    );
  }
  if (records.length > 1) {
    return check(
      'spf',
      'fail',
      records.join('\n'),
      `${domain} publishes ${records.length} SPF records; receivers treat that as an error (RFC 7208 §4.5). Merge them into one.`,
    );
  }
  const record = records[0] as string;
  if (addresses.length === 0) {
    return check('spf', 'warn', record, `${smtpHost} has no address, so SPF could not be checked.`);
  }
  const fix = { type: 'TXT' as const, name: domain, value: withMechanism(record, allowHost) };
  // mailauth (with the public suffix list it reads, 6 MB of heap) is loaded at the first
  // check rather than by every process at start; the first check waits 0.1–0.4 s longer.
  const { spf } = await import('mailauth/lib/spf/index.js');
  for (const ip of addresses) {
    const result = await spf({
      sender: `postmaster@${domain}`,
      ip,
      helo: smtpHost,
      mta: 'mailhound',
      resolver: (name, type) => dns.resolve(name, type) as Promise<string[]>,
    });
    const outcome = result.status.result;
    if (outcome === 'pass') continue;
    const lookups = result.lookups;
    if (outcome === 'permerror' && lookups && lookups.count > lookups.limit) {
      return check(
        'spf',
        'fail',
        record,
        `The SPF record needs more than ${lookups.limit} DNS lookups (RFC 7208 §4.6.4), so receivers treat it as an error. Remove the includes you no longer send through.`,
      );
    }
    if (outcome === 'permerror') {
      const detail = result.status.comment?.split(': ').slice(2).join(': ');
      return check(
        'spf',
        'fail',
        record,
        `The SPF record has an error${detail ? `: ${detail}` : ''}.`,
      );
    }
    if (outcome === 'temperror') {
      return check('spf', 'warn', record, 'SPF could not be checked: the DNS did not answer.');
    }
    const state: HealthState = outcome === 'fail' || outcome === 'none' ? 'fail' : 'warn';
    return check(
      'spf',
      state,
      record,
      `SPF does not allow ${smtpHost} (${ip}) to send for ${domain} (${outcome}).`,
      fix,
    );
  }
  return check('spf', 'ok', record);
}

async function checkDmarc(dns: HealthDns, domain: string): Promise<HealthCheck> {
  const { default: getDmarcRecord } = await import('mailauth/lib/dmarc/get-dmarc-record.js');
  const record = await getDmarcRecord(domain, (name, type) => dns.resolve(name, type));
  const suggested = `v=DMARC1; p=quarantine; rua=mailto:postmaster@${domain}`;
  if (!record) {
    return check(
      'dmarc',
      'fail',
      null,
      `${domain} publishes no DMARC record; Gmail and Yahoo require one of bulk senders.`,
      { type: 'TXT', name: `_dmarc.${domain}`, value: suggested },
    );
  }
  const found = record.isOrgRecord ? `${record.rr} (at ${record.recordDomain})` : record.rr;
  const policy = record.isOrgRecord ? (record.sp ?? record.p) : record.p;
  if (policy === 'quarantine' || policy === 'reject') return check('dmarc', 'ok', found);
  return check(
    'dmarc',
    'warn',
    found,
    `The DMARC policy is "${policy ?? 'none'}": receivers are asked to do nothing with mail that fails. Once SPF and DKIM pass, ask for quarantine.`,
    {
      type: 'TXT',
      name: `_dmarc.${record.recordDomain}`,
      value: /\bp=\w+/i.test(record.rr) ? record.rr.replace(/\bp=\w+/i, 'p=quarantine') : suggested,
    },
  );
}

// A DKIM key record's `p=` tag (RFC 6376 §3.6.1); empty means the key was revoked.
function publicKeyOf(record: string): string | undefined {
  for (const tag of record.split(';')) {
    const [name, ...value] = tag.split('=');
    if (name?.trim() === 'p') return value.join('=').replace(/\s+/g, '');
  }
  return undefined;
}

async function checkDkim(
  dns: HealthDns,
  domain: string,
  named: string | null,
): Promise<HealthCheck> {
  const selectors = named ? [named] : COMMON_DKIM_SELECTORS;
  const answers = await Promise.all(
    selectors.map(async (selector) => ({
      selector,
      records: (await txtRecords(dns, `${selector}._domainkey.${domain}`)).filter(
        (record) => publicKeyOf(record) !== undefined,
      ),
    })),
  );
  const live = answers.find(({ records }) => records.some((record) => publicKeyOf(record)));
  if (live) return check('dkim', 'ok', `${live.selector}._domainkey.${domain}`);
  const keyFix = (selector: string) => ({
    type: 'TXT' as const,
    name: `${selector}._domainkey.${domain}`,
    value: 'v=DKIM1; k=rsa; p=<the public key your mail provider gives you>',
  });
  const revoked = answers.find(({ records }) => records.length > 0);
  if (revoked) {
    return check(
      'dkim',
      'fail',
      `${revoked.selector}._domainkey.${domain}`,
      `The DKIM key at ${revoked.selector}._domainkey.${domain} is empty (revoked), so signatures fail.`,
      keyFix(revoked.selector),
    );
  }
  if (named) {
    return check(
      'dkim',
      'fail',
      null,
      `No DKIM key at ${named}._domainkey.${domain}: turn on DKIM signing at your mail provider and publish its key.`,
      keyFix(named),
    );
  }
  return check(
    'dkim',
    'warn',
    null,
    `No DKIM key at the common selectors (${COMMON_DKIM_SELECTORS.join(', ')}). Name your provider's selector to check it.`,
  );
}

async function checkMx(dns: HealthDns, domain: string, email: string): Promise<HealthCheck> {
  const records = (await orNone(dns.resolveMx(domain))).filter((mx) => mx.exchange !== '');
  if (records.length === 0) {
    return check(
      'mx',
      'fail',
      null,
      `${domain} has no MX record, so replies and bounces to ${email} cannot arrive.`,
    );
  }
  const found = records
    .sort((a, b) => a.priority - b.priority)
    .map((mx) => `${mx.priority} ${mx.exchange}`)
    .join(', ');
  return check('mx', 'ok', found);
}

// `1.2.3.4` → `4.3.2.1.in-addr.arpa`; IPv6 by nibbles under ip6.arpa (RFC 3596 §2.5).
function reverseName(ip: string): string {
  if (isIP(ip) === 4) return `${ip.split('.').reverse().join('.')}.in-addr.arpa`;
  const groups = ip.split('::');
  const head = groups[0] ? groups[0].split(':') : [];
  const tail = groups[1] ? groups[1].split(':') : [];
  const full = [...head, ...Array(8 - head.length - tail.length).fill('0'), ...tail];
  const nibbles = full.map((group: string) => group.padStart(4, '0')).join('');
  return `${[...nibbles].reverse().join('.')}.ip6.arpa`;
}

// Forward-confirmed reverse DNS: the address's PTR name must resolve back to the address.
async function checkReverseDns(
  dns: HealthDns,
  smtpHost: string,
  addresses: string[],
): Promise<HealthCheck> {
  if (addresses.length === 0) {
    return check('reverse_dns', 'warn', null, `${smtpHost} has no address to look up.`);
  }
  const found: string[] = [];
  for (const ip of addresses) {
    // resolvePtr, not reverse(): the latter answers from /etc/hosts before the DNS.
    const names = await orNone(dns.resolvePtr(reverseName(ip)));
    const ptrFix = isIP(smtpHost)
      ? null
      : { type: 'PTR' as const, name: reverseName(ip), value: smtpHost };
    if (names.length === 0) {
      return check(
        'reverse_dns',
        'fail',
        null,
        `${ip} (${smtpHost}) has no reverse DNS name; many receivers refuse mail from such addresses. Ask whoever runs the address to set one.`,
        ptrFix,
      );
    }
    const confirmed = await Promise.all(
      names.map(async (name) => (await addressesOf(dns, name)).includes(ip)),
    );
    if (!confirmed.includes(true)) {
      return check(
        'reverse_dns',
        'warn',
        `${ip} → ${names.join(', ')}`,
        `The reverse name of ${ip} (${names.join(', ')}) does not point back to ${ip}.`,
        ptrFix,
      );
    }
    found.push(`${ip} → ${names.join(', ')}`);
  }
  return check('reverse_dns', 'ok', found.join(', '));
}

// One check that the DNS did not answer is a warning, not a verdict.
async function guarded(
  name: HealthCheck['check'],
  run: () => Promise<HealthCheck>,
): Promise<HealthCheck> {
  try {
    return await run();
  } catch (error) {
    return check(name, 'warn', null, `Could not be checked: ${unanswered(error)}.`);
  }
}

// Issue 25 "Sender-domain health": SPF allows the SMTP host, DMARC and its policy, a DKIM key,
// MX, and the SMTP host's reverse DNS.
export async function checkSenderDomain(
  dns: HealthDns,
  sender: SenderDomain,
): Promise<DomainHealth> {
  const domain = (sender.email.split('@').pop() ?? '').toLowerCase();
  const smtpHost = sender.smtpHost.toLowerCase();
  const addresses = await addressesOf(dns, smtpHost);
  const checks = await Promise.all([
    guarded('spf', () => checkSpf(dns, domain, smtpHost, addresses)),
    guarded('dmarc', () => checkDmarc(dns, domain)),
    guarded('dkim', () => checkDkim(dns, domain, sender.dkimSelector)),
    guarded('mx', () => checkMx(dns, domain, sender.email)),
    guarded('reverse_dns', () => checkReverseDns(dns, smtpHost, addresses)),
  ]);
  return { domain, state: worstState(checks.map((c) => c.state)), checks };
}
