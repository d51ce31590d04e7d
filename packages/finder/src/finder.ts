import { createCatchAllCache } from './catch-all-cache.ts';
import { type Clock, systemClock } from './clock.ts';
import { evidenceView, type FinderConfig, type FinderConfigInput, finderConfig } from './config.ts';
import { lookupDomain } from './domain-lookup.ts';
import { createHostLimiter } from './host-limiter.ts';
import {
  candidateEvidence,
  type FindResult,
  findResult,
  notTheirs,
  provenTheirs,
  rowObservation,
  scoreRow,
} from './lookup-result.ts';
import {
  ambiguousAddresses,
  type FindInput,
  findRow,
  type LookupRow,
  normaliseDomain,
  verifyRow,
  withCandidates,
} from './lookup-rows.ts';
import { createMxSessions } from './mx-sessions.ts';
import {
  createMemoryPatternStore,
  isKnownForPeople,
  isKnownPattern,
  type PatternObservation,
  type PatternStore,
} from './pattern-knowledge.ts';
import { type DomainProbe, probeDomain } from './probe-domain.ts';
import { createDnsResolver, type Resolver } from './resolver.ts';
import { sessionGroups } from './session-plan.ts';
import { netSmtpProbe, type SmtpProbe } from './smtp-session.ts';

export type ProgressEvent = { stage: 'dns' | 'smtp' | 'scoring' | 'done'; percent: number };

export interface LookupOptions {
  onProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
  // The user the lookup is for: their own observations count, other users' only as facts
  // several agree on (EvidenceView). None: a lookup for nobody in particular.
  viewer?: string;
}

export interface FinderPorts {
  resolver?: Resolver;
  smtpProbe?: SmtpProbe;
  patternStore?: PatternStore;
  clock?: Clock;
  // Private MX addresses this finder may contact although allowPrivateMx is off: a lab the
  // process runs itself (the server's demo mail world), never a user's or the internet's.
  privateAddressAllowed?: (host: string, address: string) => boolean;
}

export interface Finder {
  find: (input: FindInput, options?: LookupOptions) => Promise<FindResult>;
  verify: (email: string, options?: LookupOptions) => Promise<FindResult>;
  findBatch: (
    inputs: FindInput[],
    options?: {
      onResult?: (index: number, result: FindResult) => void;
      signal?: AbortSignal;
      viewer?: string;
    },
  ) => Promise<FindResult[]>;
  close: () => Promise<void>;
}

// Builds the finder: DNS and SMTP go through the ports, so tests and the bench run it
// against the mail lab; the real edges are node:net/tls and UDP DNS (dns2). A lookup is
// the route (lookupDomain), the SMTP sessions (probeDomain: session plan and retry policy),
// then a score and the evidence per row (lookup-result).
export function createFinder(
  configInput: FinderConfigInput | FinderConfig = {},
  ports: FinderPorts = {},
): Finder {
  const config = finderConfig(configInput as FinderConfigInput);
  const clock = ports.clock ?? systemClock;
  const resolver =
    ports.resolver ??
    createDnsResolver({
      servers: config.resolvers,
      timeoutMs: config.dnsTimeoutMs,
      now: clock.now,
    });
  const patternStore = ports.patternStore ?? createMemoryPatternStore({}, clock);
  const probe: DomainProbe = {
    sessions: createMxSessions({
      probe: ports.smtpProbe ?? netSmtpProbe,
      limiter: createHostLimiter({
        overall: config.concurrency,
        perHost: config.perHostConcurrency,
        intervalMs: config.perHostIntervalMs,
        now: clock.now,
      }),
      config,
    }),
    catchAllCache: createCatchAllCache({ ttlMs: config.catchAllTtlMs, now: clock.now }),
    clock,
    greylistRetryDelaysMs: config.greylistRetryDelaysMs,
  };
  const closing = new AbortController();
  const refusedConfidence = {
    knownPatternMinConfirmations: config.refusedKnownPatternMinConfirmations,
    knownPatternMinShare: config.refusedKnownPatternMinShare,
  };

  // Rows of one domain: one DNS resolution, one session, one probe, then a score per row.
  async function lookUp(
    domain: string,
    rows: LookupRow[],
    options: LookupOptions,
  ): Promise<FindResult[]> {
    const started = clock.now();
    options.onProgress?.({ stage: 'dns', percent: 10 });
    const view = evidenceView(config, started, options.viewer);
    const lookup = await lookupDomain(domain, {
      resolver,
      patternStore,
      view,
      confidence: config,
      refusedConfidence,
      privateAddresses: config.allowPrivateMx || (ports.privateAddressAllowed ?? false),
      now: clock.now,
    });
    // What this lookup teaches is the finder's shared observation only when nothing the viewer
    // recorded at the domain (a bounce, a contact, a reply) could have shaped it; else theirs.
    const viewerObserved =
      options.viewer !== undefined && (await patternStore.observedBy(domain, options.viewer));
    const learn = (observed: PatternObservation) =>
      patternStore.record(
        domain,
        viewerObserved ? { ...observed, observer: options.viewer } : observed,
      );
    const planned = lookup.error ? rows : withCandidates(rows, domain, lookup.learnt);
    // Nobody's exact match: an address two rows produced, or one that bounced.
    const ambiguous = new Set([...ambiguousAddresses(planned), ...lookup.bounced]);
    const owned = planned.some((row) => row.kind === 'find' && row.candidates.length > 0)
      ? await patternStore.owners(
          domain,
          planned.flatMap((row) => (row.kind === 'find' ? row.candidates.map((c) => c.email) : [])),
          view,
        )
      : [];
    // Mail that did not bounce is an owner fact only at a domain that has bounced an address
    // (README: the delivered source); elsewhere it says nothing about whose an address is.
    const facts = lookup.bouncing ? owned : owned.filter(([, , source]) => source !== 'delivered');
    const owners = new Map(facts.map(([email, owner]) => [email, owner]));
    // Whose a reply (or, at a bouncing domain, a delivery) proved an address is: the address is
    // its owner's own.
    const repliedBy = new Map(
      facts
        .filter(([, , source]) => source === 'reply' || source === 'delivered')
        .map(([email, owner]) => [email, owner]),
    );
    const deliveredOnly = new Set(
      facts.filter(([, , source]) => source === 'delivered').map(([email]) => email),
    );
    if (!lookup.error && planned.some((row) => row.candidates.length > 0)) {
      await probeDomain(probe, domain, planned, lookup, ambiguous, options);
    }
    options.onProgress?.({ stage: 'scoring', percent: 90 });
    const scoreAll = () =>
      planned.map((row) => {
        const candidates = candidateEvidence(row.candidates, lookup.replies);
        const excluded = notTheirs(row, ambiguous, owners);
        const score = scoreRow(
          row,
          lookup,
          candidates,
          excluded,
          provenTheirs(row, repliedBy, deliveredOnly),
        );
        return {
          row,
          candidates,
          score,
          observed: rowObservation(row, score, candidates, lookup, excluded),
        };
      });
    let scored = scoreAll();
    for (const { observed } of scored) if (observed) await learn(observed);
    // The rows teach each other: at a domain that refuses unknown recipients, the first@ they
    // just proved can make the pattern known, and then a row's accepted first@ is exact. No new
    // RCPT is needed: a row without an exact match was asked every candidate.
    if (
      lookup.catchAll === false &&
      !lookup.knownWhereRefused &&
      scored.some(({ observed }) => observed?.source === 'smtp')
    ) {
      const knowledge = await patternStore.get(domain, view);
      if (knowledge && isKnownPattern(knowledge, refusedConfidence)) {
        lookup.knowledge = knowledge;
        lookup.learnt = knowledge.pattern;
        lookup.known = isKnownForPeople(knowledge, config);
        lookup.knownWhereRefused = true;
        const before = scored;
        scored = scoreAll();
        for (const [k, { observed, score }] of scored.entries())
          if (observed && score.score !== before[k]?.score.score) await learn(observed);
      }
    }
    const results = scored.map(({ row, candidates, score }) =>
      findResult({ domain, lookup, row, candidates, score, totalMs: clock.now() - started }),
    );
    options.onProgress?.({ stage: 'done', percent: 100 });
    return results;
  }

  const withClosing = (signal?: AbortSignal): AbortSignal =>
    signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;

  return {
    async find(input, options = {}) {
      const signal = withClosing(options.signal);
      const [result] = await lookUp(normaliseDomain(input.domain), [findRow(input)], {
        ...options,
        signal,
      });
      return result!;
    },
    async verify(email, options = {}) {
      const { domain, row } = verifyRow(email);
      const [result] = await lookUp(domain, [row], {
        ...options,
        signal: withClosing(options.signal),
      });
      return result!;
    },
    async findBatch(inputs, options = {}) {
      const signal = withClosing(options.signal);
      const results: FindResult[] = new Array(inputs.length);
      const groups = sessionGroups(inputs.map((input) => normaliseDomain(input.domain)));
      await Promise.all(
        groups.map(async ({ domain, rows }) => {
          const found = await lookUp(
            domain,
            rows.map((index) => findRow(inputs[index]!)),
            { signal, ...(options.viewer === undefined ? {} : { viewer: options.viewer }) },
          );
          found.forEach((result, k) => {
            const index = rows[k]!;
            results[index] = result;
            options.onResult?.(index, result);
          });
        }),
      );
      return results;
    },
    async close() {
      closing.abort();
    },
  };
}
