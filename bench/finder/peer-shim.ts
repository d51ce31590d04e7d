import dns from 'node:dns';

// deep-email-validator asks node:dns for MX records (dns.setServers reaches it) but then
// connects to the MX *name* on port 25, which node:net resolves with dns.lookup (the OS
// resolver, /etc/hosts). The shim answers dns.lookup from the lab's DNS server for the
// duration of the peer run, so the peer sees the same lab, with the same latency.
export function routePeerToLab(dnsServer: string): () => void {
  const originalServers = dns.getServers();
  const originalLookup = dns.lookup;
  dns.setServers([dnsServer]);
  const resolver = new dns.Resolver();
  resolver.setServers([dnsServer]);
  type Callback = (error: Error | null, address?: unknown, family?: number) => void;
  const shim = (hostname: string, optionsOrCallback: unknown, maybeCallback?: Callback) => {
    const callback = (
      typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback
    ) as Callback;
    const options = (typeof optionsOrCallback === 'object' && optionsOrCallback) || {};
    const all = (options as { all?: boolean }).all === true;
    resolver.resolve4(hostname, (error, addresses) => {
      if (error || addresses.length === 0) {
        callback(error ?? Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
        return;
      }
      if (all)
        callback(
          null,
          addresses.map((address) => ({ address, family: 4 })),
        );
      else callback(null, addresses[0], 4);
    });
  };
  (dns as { lookup: unknown }).lookup = shim;
  return () => {
    (dns as { lookup: unknown }).lookup = originalLookup;
    dns.setServers(originalServers);
  };
}
