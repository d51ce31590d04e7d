import type { CatchAllProbe } from './catch-all-cache.ts';
import { findMailRoute, type MailHost, type PrivateAddressPolicy } from './mail-route.ts';
import {
  type EvidenceView,
  isKnownForPeople,
  isKnownPattern,
  type PatternConfidence,
  type PatternKnowledge,
  type PatternStore,
  type PersonConfidence,
} from './pattern-knowledge.ts';
import type { Resolver } from './resolver.ts';
import type { SmtpReply } from './smtp-reply.ts';

// The MX host that answered, with the address used.
export interface MxUsed {
  host: string;
  address: string;
  priority: number;
  tls: boolean;
}

// What one lookup learns about a domain, shared by the rows of a batch: its mail route and
// pattern knowledge, then what the SMTP sessions heard.
export interface DomainLookup {
  error?: string;
  detail: string | null;
  mx: MxUsed | null;
  mxHosts: MailHost[];
  implicit: boolean;
  catchAll: boolean | null;
  probe: CatchAllProbe | null;
  learnt: string | null;
  knowledge: PatternKnowledge | null;
  known: boolean;
  // The same by the thresholds for a domain that refuses unknown recipients.
  knownWhereRefused: boolean;
  // Addresses at the domain that bounced, and whether one bounced recently (PatternStore.bounced).
  bounced: Set<string>;
  bouncing: boolean;
  replies: Map<string, SmtpReply>;
  sessions: number;
  attempts: number;
  dnsMs: number;
  smtpMs: number;
}

// A lookup that knows its route and nothing more: no pattern, no session yet.
export const routedLookup = (
  route: Pick<DomainLookup, 'mxHosts' | 'implicit' | 'dnsMs'>,
): DomainLookup => ({
  ...route,
  detail: null,
  mx: null,
  catchAll: null,
  probe: null,
  learnt: null,
  knowledge: null,
  known: false,
  knownWhereRefused: false,
  bounced: new Set(),
  bouncing: false,
  replies: new Map(),
  sessions: 0,
  attempts: 0,
  smtpMs: 0,
});

// The route (MX hosts, or the error that ends the lookup) and what verified addresses taught
// about the domain's pattern; nothing asked of SMTP yet.
export async function lookupDomain(
  domain: string,
  deps: {
    resolver: Resolver;
    patternStore: PatternStore;
    // Whose evidence counts (the lookup's viewer).
    view?: EvidenceView;
    // The threshold at a catch-all domain.
    confidence: PersonConfidence;
    // The thresholds at a domain that refuses unknown recipients.
    refusedConfidence: PatternConfidence;
    privateAddresses: PrivateAddressPolicy;
    now: () => number;
  },
): Promise<DomainLookup> {
  const started = deps.now();
  const route = await findMailRoute(domain, deps.resolver, deps.privateAddresses);
  const lookup = routedLookup({
    mxHosts: route.ok ? route.hosts : [],
    implicit: route.ok ? route.implicit : false,
    dnsMs: deps.now() - started,
  });
  if (!route.ok) return { ...lookup, error: route.error, detail: route.detail };
  const [knowledge, bounced] = await Promise.all([
    deps.patternStore.get(domain, deps.view),
    deps.patternStore.bounced(domain, deps.view),
  ]);
  lookup.knowledge = knowledge ?? null;
  lookup.learnt = lookup.knowledge?.pattern ?? null;
  lookup.known = isKnownForPeople(lookup.knowledge, deps.confidence);
  lookup.knownWhereRefused = isKnownPattern(lookup.knowledge, deps.refusedConfidence);
  lookup.bounced = new Set(bounced.addresses);
  lookup.bouncing = bounced.bouncing;
  return lookup;
}
