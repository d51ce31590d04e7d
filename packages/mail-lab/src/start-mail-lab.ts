import { startDnsServer } from './dns-server.ts';
import type { LabDomain, LabSpec } from './lab-spec.ts';
import { type LabStats, startSmtpHosts } from './smtp-hosts.ts';

export interface ManifestPerson {
  firstName: string;
  lastName: string;
  domain: string;
  // The true address, null when the person has none.
  email: string | null;
  // True when the address follows a pattern a finder can guess and the domain lets it be
  // proven: reachable, not dropping sessions, and not catch-all unless the domain's
  // pattern is known and the person follows it.
  findable: boolean;
  domainKind: string;
}

export interface LabManifest {
  domains: Array<{ name: string; kind: string; knownPattern: string | null; catchAll: boolean }>;
  people: ManifestPerson[];
  // Every existing mailbox (catch-all domains accept more than these).
  addresses: string[];
}

export interface MailLab {
  dnsServer: string;
  smtpPort: number;
  manifest: LabManifest;
  spec: LabSpec;
  stats: () => LabStats;
  dnsQueries: () => number;
  resetStats: () => void;
  close: () => Promise<void>;
}

const deadKinds = /^dead-|^drop-after-rcpt$/;

function isFindable(domain: LabDomain, pattern: string | null, email: string | null): boolean {
  if (!email || !pattern) return false;
  if (domain.nxdomain || domain.nullMx || deadKinds.test(domain.kind ?? '')) return false;
  if (domain.dropAfterRcpt !== undefined) return false;
  if (domain.catchAll) return domain.knownPattern === pattern;
  return true;
}

export function buildManifest(spec: LabSpec): LabManifest {
  return {
    domains: spec.domains.map((d) => ({
      name: d.name,
      kind: d.kind ?? 'custom',
      knownPattern: d.knownPattern ?? null,
      catchAll: d.catchAll === true,
    })),
    people: spec.domains.flatMap((d) =>
      (d.people ?? []).map((p) => ({
        firstName: p.firstName,
        lastName: p.lastName,
        domain: d.name,
        email: p.email,
        findable: isFindable(d, p.pattern, p.email),
        domainKind: d.kind ?? 'custom',
      })),
    ),
    addresses: spec.domains.flatMap((d) =>
      d.nxdomain || d.nullMx ? [] : (d.mailboxes ?? []).map((local) => `${local}@${d.name}`),
    ),
  };
}

function assignAddresses(spec: LabSpec): LabSpec {
  const used = new Set(spec.hosts.map((h) => h.address).filter(Boolean));
  let next = 1;
  const hosts = spec.hosts.map((host) => {
    if (host.address) return host;
    let address = '';
    do {
      address = `127.20.${Math.floor(next / 250)}.${(next % 250) + 1}`;
      next++;
    } while (used.has(address));
    used.add(address);
    return { ...host, address };
  });
  return { ...spec, hosts };
}

// Starts the lab's DNS server and SMTP hosts on loopback.
export async function startMailLab(input: LabSpec): Promise<MailLab> {
  const spec = assignAddresses(input);
  const dns = await startDnsServer(spec);
  const smtp = await startSmtpHosts(spec).catch(async (error: unknown) => {
    await dns.close();
    throw error;
  });
  return {
    dnsServer: `${dns.address}:${dns.port}`,
    smtpPort: smtp.port,
    manifest: buildManifest(spec),
    spec,
    stats: smtp.stats,
    dnsQueries: dns.queries,
    resetStats: smtp.resetStats,
    close: async () => {
      await Promise.all([smtp.close(), dns.close()]);
    },
  };
}
