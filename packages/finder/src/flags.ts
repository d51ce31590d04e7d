import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const disposable = new Set<string>(require('disposable-email-domains') as string[]);
const disposableWildcards = require('disposable-email-domains/wildcard.json') as string[];
const free = new Set<string>(require('email-providers/all.json') as string[]);
const roleNames = new Set<string>(require('role-based-email-addresses') as string[]);

export interface AddressFlags {
  disposable: boolean;
  freeProvider: boolean;
  role: boolean;
}

export function isDisposableDomain(domain: string): boolean {
  if (disposable.has(domain)) return true;
  return disposableWildcards.some((w) => domain === w || domain.endsWith(`.${w}`));
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
