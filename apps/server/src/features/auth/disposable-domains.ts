import domains from 'disposable-email-domains/index.json' with { type: 'json' };
import wildcardDomains from 'disposable-email-domains/wildcard.json' with { type: 'json' };

const exact = new Set<string>(domains);
// Entries whose every subdomain is disposable too.
const wildcard = new Set<string>(wildcardDomains);

export function isDisposableEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (exact.has(domain)) return true;
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i += 1) {
    if (wildcard.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
