import {
  createDnsResolver,
  type DnsResult,
  type FinderConfig,
  type FinderPorts,
  netSmtpProbe,
  type Resolver,
} from '@mailhound/finder';
import type { LabDomain, LabHost, LabPerson, LabSpec, MailLab } from '@mailhound/mail-lab';
import { foldName, labLocalPart } from '@mailhound/mail-lab';
import { type DemoCompany, generateDemoData, mulberry32 } from '../companies/demo-data.ts';
import { demoCompanyOptions } from '../companies/demo-seed.ts';

// The embedded default's mail world: the demo companies live on RFC 2606 `.example` domains,
// and a mail lab in this process (DNS and SMTP on loopback) answers for them, so that a
// search at a demo company finds a real, verified address offline. Every other name goes to
// the real network: the world never answers for a name outside `.example`.

export function isDemoName(name: string): boolean {
  return /(^|\.)example\.?$/i.test(name.trim());
}

const strictHosts = ['mx1.demo-mail.example', 'mx2.demo-mail.example', 'mx3.demo-mail.example'];
const acceptAllHost = 'accept-all.demo-mail.example';
const greylistHost = 'greylist.demo-mail.example';

// Patterns of the strict domains, as often as mail admins choose them.
const patternWeights: ReadonlyArray<readonly [string, number]> = [
  ['first.last', 45],
  ['flast', 20],
  ['firstlast', 10],
  ['f.last', 10],
  ['first_last', 5],
  ['last.first', 5],
  ['firstl', 5],
];
const roleBoxes = ['info', 'sales', 'support', 'hello'];
// A greylisting demo domain lets a sender in this long after its first try: the finder's
// first retry (a minute later) gets through.
const greylistMs = 20_000;

function weighted(random: () => number): string {
  let ticket = random() * 100;
  for (const [pattern, weight] of patternWeights) {
    ticket -= weight;
    if (ticket < 0) return pattern;
  }
  return 'first.last';
}

function demoDomain(company: DemoCompany, index: number, random: () => number): LabDomain {
  const draw = random();
  const kind = draw < 0.1 ? 'catch-all' : draw < 0.14 ? 'greylist' : 'pattern';
  const pattern = weighted(random);
  const host =
    kind === 'catch-all'
      ? acceptAllHost
      : kind === 'greylist'
        ? greylistHost
        : strictHosts[index % strictHosts.length]!;
  const used = new Set(roleBoxes);
  const people: LabPerson[] = company.people.map((person) => {
    const roll = random();
    // A few people have no mailbox, a few an address no pattern makes.
    const name = { firstName: person.firstName, lastName: person.lastName };
    if (roll < 0.03) return { ...name, email: null, pattern: null };
    let local = labLocalPart(pattern, person.firstName, person.lastName);
    let followed: string | null = pattern;
    if (roll < 0.06 || used.has(local)) {
      // The second John Smith, or a nickname: what admins do when the pattern is taken.
      const base = `${foldName(person.firstName)}.${foldName(person.lastName)}`;
      let n = 2;
      while (used.has(`${base}${n}`)) n++;
      local = `${base}${n}`;
      followed = null;
    }
    used.add(local);
    return {
      ...name,
      email: `${local}@${company.domain}`,
      pattern: followed,
    };
  });
  return {
    name: company.domain,
    kind,
    mx: [{ priority: 10, host }],
    mailboxes: [...used],
    knownPattern: pattern,
    people,
    ...(kind === 'catch-all' ? { catchAll: true } : {}),
    ...(kind === 'greylist' ? { greylistMs } : {}),
  };
}

// The lab of the demo companies: deterministic, so every process builds the same world.
export function demoMailWorldSpec(companies: Iterable<DemoCompany>, seed: number): LabSpec {
  const random = mulberry32(seed);
  const hosts: LabHost[] = [...strictHosts, acceptAllHost, greylistHost].map((name) => ({ name }));
  const domains: LabDomain[] = [];
  let index = 0;
  for (const company of companies) domains.push(demoDomain(company, index++, random));
  return { hosts, domains };
}

type Started = { lab: MailLab; resolver: Resolver; hostAddresses: Set<string> };

let starting: Promise<Started> | undefined;
let started: Started | undefined;

// Started on the first demo lookup, not at start-up: a process that never searches a demo
// company pays nothing (the lab's modules are loaded then too).
function startWorld(config: FinderConfig): Promise<Started> {
  starting ??= (async () => {
    const { startMailLab } = await import('@mailhound/mail-lab');
    const spec = demoMailWorldSpec(generateDemoData(demoCompanyOptions), demoCompanyOptions.seed);
    const lab = await startMailLab(spec);
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
