import { isIP } from 'node:net';
import type { LabSpec } from './lab-spec.ts';

export type ZoneRecord =
  | { type: 'A' | 'AAAA'; name: string; ttl: number; address: string }
  | { type: 'MX'; name: string; ttl: number; priority: number; exchange: string }
  | { type: 'CNAME' | 'PTR'; name: string; ttl: number; domain: string }
  | { type: 'TXT'; name: string; ttl: number; data: string };

export interface ZoneAnswer {
  rcode: 'NOERROR' | 'NXDOMAIN';
  answers: ZoneRecord[];
}

export type QueryType = 'A' | 'AAAA' | 'MX' | 'CNAME' | 'TXT' | 'PTR';

// `4.3.2.1.in-addr.arpa` → `1.2.3.4` (RFC 1035 §3.5); undefined for any other name.
function reversedAddress(name: string): string | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\.in-addr\.arpa$/.exec(name);
  return match ? match.slice(1).reverse().join('.') : undefined;
}

// Answers questions about lab names: domains (MX, A, AAAA, TXT, CNAME), MX host names and
// their addresses' reverse names (PTR).
export function createZone(spec: LabSpec): (name: string, type: QueryType) => ZoneAnswer {
  const ttl = spec.dnsTtlSeconds ?? 300;
  const domains = new Map(spec.domains.map((d) => [d.name.toLowerCase(), d]));
  const hosts = new Map(spec.hosts.map((h) => [h.name.toLowerCase(), h]));

  const addressesOf = (targets: string[], family: 4 | 6): string[] =>
    targets.flatMap((target) => {
      if (isIP(target)) return isIP(target) === family ? [target] : [];
      const address = hosts.get(target.toLowerCase())?.address;
      return address && isIP(address) === family ? [address] : [];
    });

  const answer = (rawName: string, type: QueryType, depth: number): ZoneAnswer => {
    const name = rawName.toLowerCase().replace(/\.$/, '');
    const domain = domains.get(name);
    if (domain) {
      if (domain.nxdomain) return { rcode: 'NXDOMAIN', answers: [] };
      if (domain.cname && depth < 8) {
        const alias: ZoneRecord = { type: 'CNAME', name, ttl, domain: domain.cname };
        if (type === 'CNAME') return { rcode: 'NOERROR', answers: [alias] };
        const target = answer(domain.cname, type, depth + 1);
        return { rcode: target.rcode, answers: [alias, ...target.answers] };
      }
      switch (type) {
        case 'MX':
          if (domain.nullMx) {
            return {
              rcode: 'NOERROR',
              answers: [{ type: 'MX', name, ttl, priority: 0, exchange: '' }],
            };
          }
          return {
            rcode: 'NOERROR',
            answers: (domain.mx ?? []).map((mx) => ({
              type: 'MX' as const,
              name,
              ttl,
              priority: mx.priority,
              exchange: mx.host,
            })),
          };
        case 'A':
        case 'AAAA': {
          const family = type === 'A' ? 4 : 6;
          const targets = type === 'A' ? (domain.a ?? []) : (domain.aaaa ?? []);
          return {
            rcode: 'NOERROR',
            answers: addressesOf(targets, family).map((address) => ({ type, name, ttl, address })),
          };
        }
        case 'TXT':
          return {
            rcode: 'NOERROR',
            answers: (domain.txt ?? []).map((data) => ({ type: 'TXT' as const, name, ttl, data })),
          };
        case 'CNAME':
        case 'PTR':
          return { rcode: 'NOERROR', answers: [] };
      }
    }
    const reversed = reversedAddress(name);
    if (reversed) {
      const named = spec.hosts.find((h) => h.address === reversed && h.ptr);
      if (!named?.ptr) return { rcode: 'NXDOMAIN', answers: [] };
      return {
        rcode: 'NOERROR',
        answers: type === 'PTR' ? [{ type: 'PTR', name, ttl, domain: named.ptr }] : [],
      };
    }
    const host = hosts.get(name);
    if (host) {
      const family = type === 'A' ? 4 : type === 'AAAA' ? 6 : 0;
      const address = host.address;
      const answers: ZoneRecord[] =
        family && address && isIP(address) === family
          ? [{ type: type as 'A' | 'AAAA', name, ttl, address }]
          : [];
      return { rcode: 'NOERROR', answers };
    }
    return { rcode: 'NXDOMAIN', answers: [] };
  };

  return (name, type) => answer(name, type, 0);
}
