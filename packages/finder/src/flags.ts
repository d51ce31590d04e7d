import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const disposable = new Set<string>(require('disposable-email-domains') as string[]);
const disposableWildcards = new Set<string>(
  require('disposable-email-domains/wildcard.json') as string[],
);
const free = new Set<string>(require('email-providers/all.json') as string[]);
const roleNames = new Set<string>(require('role-based-email-addresses') as string[]);

export interface AddressFlags {
  disposable: boolean;
  freeProvider: boolean;
  role: boolean;
}

// A wildcard entry covers the domain itself and every subdomain: look its suffixes up.
export function isDisposableDomain(domain: string): boolean {
  if (disposable.has(domain)) return true;
  for (let at = 0; at >= 0; at = domain.indexOf('.', at + 1)) {
    if (disposableWildcards.has(at === 0 ? domain : domain.slice(at + 1))) return true;
  }
  return false;
}

// Maintained lists only (disposable-email-domains, email-providers,
// role-based-email-addresses): never hand-written.
export function flagsFor(domain: string, localPart: string | null): AddressFlags {
  return {
    disposable: isDisposableDomain(domain),
    freeProvider: free.has(domain),
    role: localPart !== null && roleNames.has(localPart.toLowerCase()),
  };
}
