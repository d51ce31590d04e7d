import {
  createDnsResolver,
  type DnsResult,
  type FinderConfig,
  type FinderPorts,
  netSmtpProbe,
  type Resolver,
} from '@mailhound/finder';
import type { MailLab } from '@mailhound/mail-lab';

// The embedded default's mail world: the demo companies live on RFC 2606 `.example` domains,
// and a mail lab in this process (DNS and SMTP on loopback) answers for them, so that a
// search at a demo company finds a real, verified address offline. Every other name goes to
// the real network: the world never answers for a name outside `.example`.

export function isDemoName(name: string): boolean {
  return /(^|\.)example\.?$/i.test(name.trim());
}

type Started = { lab: MailLab; resolver: Resolver; hostAddresses: Set<string> };

let starting: Promise<Started> | undefined;
let started: Started | undefined;

// Started on the first demo lookup, not at start-up: a process that never searches a demo
// company pays nothing, not even the import of the lab's modules (about half a second).
function startWorld(config: FinderConfig): Promise<Started> {
  starting ??= (async () => {
    const [{ startMailLab }, { demoMailWorldSpec }] = await Promise.all([
      import('@mailhound/mail-lab'),
      import('./demo-mail-world-spec.ts'),
    ]);
    const lab = await startMailLab(demoMailWorldSpec());
    started = {
      lab,
      resolver: createDnsResolver({ servers: [lab.dnsServer], timeoutMs: config.dnsTimeoutMs }),
      hostAddresses: new Set(lab.spec.hosts.map((host) => host.address ?? '')),
    };
    return started;
  })().catch((error: unknown) => {
    starting = undefined;
    throw error;
  });
  return starting;
}

// The running lab, when a demo lookup has started it (tests read its DNS query count).
export function runningDemoMailWorld(): MailLab | undefined {
  return started?.lab;
}

export async function closeDemoMailWorld(): Promise<void> {
  const running = starting;
  starting = undefined;
  started = undefined;
  await (await running?.catch(() => undefined))?.lab.close();
}

async function demoLookup<T>(
  config: FinderConfig,
  ask: (resolver: Resolver) => Promise<DnsResult<T>>,
): Promise<DnsResult<T>> {
  try {
    return await ask((await startWorld(config)).resolver);
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'The demo mail world did not start';
    return { status: 'error', records: [], ttlSeconds: 0, detail };
  }
}

// The finder's ports routed by name: `.example` names to the demo world's DNS, everything
// else to FINDER_RESOLVERS; an SMTP session to the world's own hosts goes to the lab's port,
// every other one out as configured. Private addresses are allowed for the world's hosts only.
export function demoWorldPorts(
  config: FinderConfig,
): Required<Pick<FinderPorts, 'resolver' | 'smtpProbe' | 'privateAddressAllowed'>> {
  const real = createDnsResolver({ servers: config.resolvers, timeoutMs: config.dnsTimeoutMs });
  const isWorldHost = (host: string, address: string) =>
    isDemoName(host) && started?.hostAddresses.has(address) === true;
  return {
    resolver: {
      mx: (domain) =>
        isDemoName(domain) ? demoLookup(config, (lab) => lab.mx(domain)) : real.mx(domain),
      addresses: (name, family) =>
        isDemoName(name)
          ? demoLookup(config, (lab) => lab.addresses(name, family))
          : real.addresses(name, family),
    },
    smtpProbe: {
      open: (target, options) => {
        if (!started || !isWorldHost(target.host, target.address)) {
          return netSmtpProbe.open(target, options);
        }
        // Loopback: neither the configured proxy nor the local address can reach it.
        const { socksProxy: _proxy, localAddress: _local, ...direct } = options;
        return netSmtpProbe.open({ ...target, port: started.lab.smtpPort }, direct);
      },
    },
    privateAddressAllowed: isWorldHost,
  };
}
