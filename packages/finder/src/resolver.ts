import dns2 from 'dns2';

export interface MxRecord {
  priority: number;
  exchange: string;
}

export type DnsResult<T> =
  | { status: 'ok'; records: T[]; ttlSeconds: number }
  | { status: 'nxdomain'; records: []; ttlSeconds: number }
  | { status: 'error'; records: []; ttlSeconds: number; detail: string };

// The DNS edge of the finder: tests and the bench point it at the mail lab.
export interface Resolver {
  mx: (domain: string) => Promise<DnsResult<MxRecord>>;
  addresses: (name: string, family: 4 | 6) => Promise<DnsResult<string>>;
}

export interface DnsResolverOptions {
  // 'host:port' or 'host' (port 53); IPv6 as '[::1]:53'.
  servers: string[];
  timeoutMs: number;
  now?: () => number;
  // Cache size bound; the oldest answers go first.
  maxEntries?: number;
  // Negative answers (NXDOMAIN, failures) are kept this long at most.
  negativeTtlSeconds?: number;
  maxInFlight?: number;
}

function parseServer(server: string): { host: string; port: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(server);
  if (bracketed) return { host: bracketed[1]!, port: Number(bracketed[2] ?? 53) };
  const parts = server.split(':');
  if (parts.length === 2) return { host: parts[0]!, port: Number(parts[1]) };
  return { host: server, port: 53 };
}

interface Answer {
  header: { rcode: number };
  answers: Array<{
    type: number;
    ttl: number;
    priority?: number;
    exchange?: string;
    address?: string;
  }>;
}

// UDP queries (dns2) to the configured resolvers, one after another on failure; answers
// are cached for their TTL.
export function createDnsResolver(options: DnsResolverOptions): Resolver {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 50_000;
  const negativeTtl = options.negativeTtlSeconds ?? 60;
  const clients = options.servers.map((server) => {
    const { host, port } = parseServer(server);
    return dns2.UDPClient({ dns: host, port, timeout: options.timeoutMs });
  });
  const cache = new Map<string, { expires: number; value: Promise<DnsResult<unknown>> }>();

  // A burst of thousands of UDP queries overflows resolvers' buffers: a bounded number in
  // flight, and each server tried twice.
  const maxInFlight = options.maxInFlight ?? 32;
  let inFlight = 0;
  // Address queries finish a route whose MX answer is already in: they go before new MX
  // queries, so that in a burst of domains the first ones can start their SMTP sessions
  // instead of every route waiting for the last MX answer.
  const waitingAddresses: Array<() => void> = [];
  const waitingMx: Array<() => void> = [];
  const query = async (name: string, type: 'MX' | 'A' | 'AAAA'): Promise<Answer> => {
    if (inFlight >= maxInFlight) {
      await new Promise<void>((resolve) =>
        (type === 'MX' ? waitingMx : waitingAddresses).push(resolve),
      );
    }
    inFlight++;
    try {
      let lastError: unknown = new Error('No DNS resolver configured');
      for (const client of [...clients, ...clients]) {
        try {
          return (await client(name, type)) as unknown as Answer;
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError;
    } finally {
      inFlight--;
      (waitingAddresses.shift() ?? waitingMx.shift())?.();
    }
  };

  const cached = <T>(key: string, load: () => Promise<DnsResult<T>>): Promise<DnsResult<T>> => {
    const hit = cache.get(key);
    if (hit && hit.expires > now()) {
      // Refresh the entry's place: the map's order is the eviction order.
      cache.delete(key);
      cache.set(key, hit);
      return hit.value as Promise<DnsResult<T>>;
    }
    const value = load();
    const entry = { expires: Number.POSITIVE_INFINITY, value };
    cache.set(key, entry);
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
    value.then(
      (result) => {
        const ttl =
          result.status === 'ok' ? result.ttlSeconds : Math.min(result.ttlSeconds, negativeTtl);
        entry.expires = now() + ttl * 1000;
      },
      () => cache.delete(key),
    );
    return value;
  };

  const lookup = <T>(
    name: string,
    type: 'MX' | 'A' | 'AAAA',
    pick: (answer: Answer['answers'][number]) => T | null,
  ): Promise<DnsResult<T>> =>
    cached(`${type} ${name.toLowerCase()}`, async () => {
      try {
        const response = await query(name, type);
        if (response.header.rcode === 3)
          return { status: 'nxdomain', records: [], ttlSeconds: negativeTtl };
        if (response.header.rcode !== 0) {
          return {
            status: 'error',
            records: [],
            ttlSeconds: 0,
            detail: `DNS error code ${response.header.rcode}`,
          };
        }
        const wanted = dns2.Packet.TYPE[type];
        const matching = response.answers.filter((a) => a.type === wanted);
        const records = matching.map(pick).filter((r): r is T => r !== null);
        const ttl = matching.length > 0 ? Math.min(...matching.map((a) => a.ttl)) : negativeTtl;
        return { status: 'ok', records, ttlSeconds: ttl };
      } catch (error) {
        return {
          status: 'error',
          records: [],
          ttlSeconds: 0,
          detail: error instanceof Error ? error.message : 'DNS lookup failed',
        };
      }
    });

  return {
    mx: (domain) =>
      lookup(domain, 'MX', (a) =>
        a.priority === undefined ? null : { priority: a.priority, exchange: a.exchange ?? '' },
      ),
    addresses: (name, family) =>
      lookup(name, family === 4 ? 'A' : 'AAAA', (a) => a.address ?? null),
  };
}
