import { Resolver } from 'node:dns/promises';
import net from 'node:net';
import { mailboxMessages } from '@mailhound/contracts';
import ipaddr from 'ipaddr.js';
import { badRequest } from '../errors.ts';
import { unresolvedHost } from './mail-errors.ts';

// IPv4-compatible IPv6 (RFC 4291 §2.5.5.1, deprecated): ::7f00:1 is 127.0.0.1 to some stacks,
// yet ipaddr.js calls the range unicast.
const ipv4Compatible = ipaddr.parseCIDR('::/96');

// Only globally routable unicast addresses: an allow-list, so that NAT64 (64:ff9b::/96), 6to4
// (2002::/16), benchmarking (198.18.0.0/15), the TEST-NETs, site-local and discard prefixes and
// whatever IANA reserves next are refused along with loopback and private networks.
export function isGloballyRoutable(address: string): boolean {
  if (net.isIP(address) === 0) return false;
  // ::ffff:a.b.c.d is judged as the IPv4 address it carries.
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && parsed.match(ipv4Compatible)) return false;
  return parsed.range() === 'unicast';
}

export type ResolvedHost = { host: string; address: string } | { host: string; error: string };

// A name's IPv4 and IPv6 addresses; rejects with the DNS error's code when it has none.
export type HostLookup = (name: string) => Promise<string[]>;

// As the finder's default: each query waits 2 s, twice per server.
const DNS_TIMEOUT_MS = 2_000;

// Host names asked of DNS servers (c-ares), with a timeout and a number of tries, never through
// getaddrinfo: that has no timeout and runs on libuv's four threads, which argon2 hashing and
// file I/O share (security review 2f). `servers` as host:port; the system's when absent.
// RFC 6761 §6.3 and §6.4: localhost names are loopback and .invalid names never exist, both
// without asking.
export function createHostLookup(
  options: { servers?: string[]; timeoutMs?: number } = {},
): HostLookup {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? DNS_TIMEOUT_MS, tries: 2 });
  if (options.servers) resolver.setServers(options.servers);
  return async (name) => {
    const lower = name.toLowerCase().replace(/\.$/, '');
    if (lower === 'localhost' || lower.endsWith('.localhost')) return ['127.0.0.1', '::1'];
    if (lower === 'invalid' || lower.endsWith('.invalid')) {
      throw Object.assign(new Error(`${name} does not exist`), { code: 'ENOTFOUND' });
    }
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
    const addresses = [v4, v6].flatMap((found) =>
      found.status === 'fulfilled' ? found.value : [],
    );
    if (addresses.length > 0) return addresses;
    // No address: a timeout says more than the other family's "no data".
    const failures = [v4, v6].flatMap((found) =>
      found.status === 'rejected' ? [found.reason] : [],
    );
    throw failures.find((error) => error?.code === 'ETIMEOUT') ?? failures[0];
  };
}

const systemLookup = createHostLookup();

// Where the server may connect for a user's mailbox: every address the name resolves to must
// be globally routable (SSRF guard) unless MAIL_ALLOW_PRIVATE_HOSTS. The connection then goes to the
// address checked here, so a second DNS answer cannot point it elsewhere. Webhooks pass their
// own refusal.
export async function resolveMailHost(
  host: string,
  allowPrivate: boolean,
  refusal: string = mailboxMessages.hostNotAllowed,
  lookup: HostLookup = systemLookup,
): Promise<ResolvedHost> {
  const name = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (net.isIP(name)) {
    addresses = [name];
  } else {
    try {
      addresses = await lookup(name);
    } catch (error) {
      // A name that does not resolve is the user's to fix: the mailbox is saved with the error.
      return { host, error: unresolvedHost(host, (error as NodeJS.ErrnoException).code) };
    }
  }
  if (!allowPrivate && !addresses.every(isGloballyRoutable)) {
    throw badRequest(refusal);
  }
  const address = addresses[0];
  if (!address) return { host, error: unresolvedHost(host, undefined) };
  return { host, address };
}
