import { randomBytes } from 'node:crypto';
import { getHostname } from 'tldts';
import { type FinderConfig, type FinderConfigInput, finderConfig } from './config.ts';
import { type AddressFlags, flagsFor } from './flags.ts';
import { createHostLimiter } from './host-limiter.ts';
import { findMailRoute, type MailHost } from './mail-route.ts';
import {
  createMemoryPatternStore,
  isKnownPattern,
  type PatternKnowledge,
  type PatternStore,
} from './pattern-knowledge.ts';
import { type Candidate, candidatesFor } from './patterns.ts';
import { createDnsResolver, type Resolver } from './resolver.ts';
import { type CandidateEvidence, type ScoreOutcome, scoreFind, scoreVerify } from './score.ts';
import { classifyRcpt, type SmtpReply } from './smtp-reply.ts';
import { netSmtpProbe, type SmtpProbe, type SmtpSession } from './smtp-session.ts';

export interface FindInput {
  firstName: string;
  lastName: string;
  // A domain or a website address.
  domain: string;
}

export type ProgressEvent = { stage: 'dns' | 'smtp' | 'scoring' | 'done'; percent: number };

export interface LookupOptions {
  onProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
}

export interface Clock {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
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

export interface CatchAllProbe {
  email: string;
  code: number | null;
  enhanced: string | null;
  text: string | null;
  // true when the verdict came from the per-domain cache, not this lookup.
  cached: boolean;
}

export interface FinderEvidence {
  domain: string;
  // The MX host that answered, with the address used.
  mx: { host: string; address: string; priority: number; tls: boolean } | null;
  mxHosts: MailHost[];
  implicitMx: boolean;
  catchAll: boolean | null;
  catchAllProbe: CatchAllProbe | null;
  // The pattern most verified addresses at the domain follow, and the counts behind it.
  learntPattern: string | null;
  patternKnowledge: PatternKnowledge | null;
  // Whether that pattern is known with confidence (README: the score rule).
  knownPattern: boolean;
  pattern: string | null;
  candidates: CandidateEvidence[];
  // SMTP sessions opened for the lookup (shared by the rows of a batch).
  sessions: number;
  attempts: number;
  reason: string;
  detail: string | null;
  flags: AddressFlags;
  timings: { dnsMs: number; smtpMs: number; totalMs: number };
}

export interface FindResult {
  exactEmail: string | null;
  exactEmailScore: number;
  error?: string;
  evidence: FinderEvidence;
}

export interface Finder {
  find: (input: FindInput, options?: LookupOptions) => Promise<FindResult>;
  verify: (email: string, options?: LookupOptions) => Promise<FindResult>;
  findBatch: (
    inputs: FindInput[],
    options?: { onResult?: (index: number, result: FindResult) => void; signal?: AbortSignal },
  ) => Promise<FindResult[]>;
  close: () => Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
      signal?.addEventListener('abort', done, { once: true });
    }),
};

export function normaliseDomain(input: string): string {
  const trimmed = input.trim().toLowerCase();
  const host = getHostname(trimmed.includes('://') ? trimmed : `http://${trimmed}`) ?? trimmed;
  return host.replace(/^www\./, '').replace(/\.$/, '');
}

interface Job {
  kind: 'find' | 'verify';
  // For 'verify', the single address; for 'find', the candidates in order.
  candidates: Candidate[];
  localPart: string | null;
}

interface DomainOutcome {
  error?: string;
  detail: string | null;
  mx: FinderEvidence['mx'];
  mxHosts: MailHost[];
  implicit: boolean;
  catchAll: boolean | null;
  probe: CatchAllProbe | null;
  learnt: string | null;
  knowledge: PatternKnowledge | null;
  known: boolean;
  replies: Map<string, SmtpReply>;
  sessions: number;
  attempts: number;
  dnsMs: number;
  smtpMs: number;
}

const rowsPerSession = 25;
// Without a learnt pattern, the most frequent patterns go first; the rest only for rows
// that found no exact match among them.
const firstStageCandidates = 4;

// Builds the finder: DNS and SMTP go through the ports, so tests and the bench run it
// against the mail lab; the real edges are node:net/tls and UDP DNS (dns2).
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
  const probe = ports.smtpProbe ?? netSmtpProbe;
  const patternStore = ports.patternStore ?? createMemoryPatternStore();
  const limiter = createHostLimiter({
    overall: config.concurrency,
    perHost: config.perHostConcurrency,
    intervalMs: config.perHostIntervalMs,
    now: clock.now,
  });
  const catchAllCache = new Map<
    string,
    { catchAll: boolean; expires: number; probe: CatchAllProbe }
  >();
  const recipientLimits = new Map<string, number>();
  const closing = new AbortController();

  const rememberCatchAll = (domain: string, catchAll: boolean, probeEvidence: CatchAllProbe) => {
    catchAllCache.delete(domain);
    catchAllCache.set(domain, {
      catchAll,
      expires: clock.now() + config.catchAllTtlMs,
      probe: probeEvidence,
    });
    if (catchAllCache.size > 100_000) catchAllCache.delete(catchAllCache.keys().next().value!);
  };

  // One session on the first MX host that takes it, in priority order.
  async function openSession(hosts: MailHost[], signal: AbortSignal | undefined, retry: boolean) {
    let failure: { error: string; detail: string } = { error: 'Connection timed out', detail: '' };
    let fallback = false;
    for (const host of hosts) {
      for (const address of host.addresses) {
        let release: () => void;
        try {
          // The next MX address after a failed one has waited its turn already.
          release = await limiter.acquire(address, signal, retry || fallback);
          fallback = true;
        } catch {
          return { ok: false as const, error: 'Aborted', detail: 'Aborted', busy: false };
        }
        const opened = await probe.open(
          { host: host.name, address, port: config.smtpPort },
          {
            heloName: config.heloName,
            mailFrom: config.mailFrom,
            connectTimeoutMs: config.connectTimeoutMs,
            commandTimeoutMs: config.commandTimeoutMs,
            ...(config.localAddress ? { localAddress: config.localAddress } : {}),
            ...(config.socksProxy ? { socksProxy: config.socksProxy } : {}),
            ...(recipientLimits.has(address)
              ? { recipientLimit: recipientLimits.get(address)! }
              : {}),
            ...(signal ? { signal } : {}),
          },
        );
        if (opened.ok)
          return { ok: true as const, session: opened.session, host, address, release };
        release();
        if (opened.failure === 'busy') limiter.backOff(address, config.busyBackoffMs);
        failure = {
          error:
            opened.failure === 'timeout'
              ? 'Connection timed out'
              : opened.failure === 'busy'
                ? 'The mail server is busy, try again later'
                : opened.failure === 'refused'
                  ? 'Connection refused by the mail server'
                  : opened.failure === 'aborted'
                    ? 'Aborted'
                    : 'The mail server refused the session',
          detail: opened.reply ? `${opened.reply.code} ${opened.reply.text}` : opened.detail,
        };
        if (opened.failure === 'aborted') return { ok: false as const, ...failure, busy: false };
      }
    }
    return { ok: false as const, ...failure, busy: failure.error.includes('busy') };
  }

  async function lookupDomain(domain: string, options: LookupOptions): Promise<DomainOutcome> {
    const started = clock.now();
    options.onProgress?.({ stage: 'dns', percent: 10 });
    const route = await findMailRoute(
      domain,
      resolver,
      config.allowPrivateMx || (ports.privateAddressAllowed ?? false),
    );
    const dnsMs = clock.now() - started;
    const outcome: DomainOutcome = {
      detail: null,
      mx: null,
      mxHosts: route.ok ? route.hosts : [],
      implicit: route.ok ? route.implicit : false,
      catchAll: null,
      probe: null,
      learnt: null,
      knowledge: null,
      known: false,
      replies: new Map(),
      sessions: 0,
      attempts: 0,
      dnsMs,
      smtpMs: 0,
    };
    if (!route.ok) return { ...outcome, error: route.error, detail: route.detail };
    outcome.knowledge = (await patternStore.get(domain)) ?? null;
    outcome.learnt = outcome.knowledge?.pattern ?? null;
    outcome.known = isKnownPattern(outcome.knowledge, config);
    return outcome;
  }

  // The SMTP part: one session for all rows, the catch-all probe, the learnt pattern's
  // candidates first, the rest only for rows still open; greylisting waits and retries.
  async function probeDomain(
    domain: string,
    jobs: Job[],
    outcome: DomainOutcome,
    ambiguous: ReadonlySet<string>,
    options: LookupOptions,
  ): Promise<void> {
    const signal = options.signal;
    const smtpStarted = clock.now();
    const cached = catchAllCache.get(domain);
    if (cached && cached.expires > clock.now()) {
      outcome.catchAll = cached.catchAll;
      outcome.probe = { ...cached.probe, cached: true };
    }
    if (outcome.catchAll === true) return;
    const probeAddress = `${randomBytes(6).toString('hex')}x${randomBytes(2).toString('hex')}@${domain}`;
    const learnt = outcome.learnt;
    const decided = (reply: SmtpReply | undefined) =>
      reply !== undefined && ['accepted', 'rejected'].includes(classifyRcpt(reply));
    const settled = (job: Job): boolean => {
      if (job.kind === 'verify') return decided(outcome.replies.get(job.candidates[0]!.email));
      if (learnt === null) {
        return job.candidates.some((c) => {
          const reply = outcome.replies.get(c.email);
          return (
            c.kind === 'exact' &&
            !ambiguous.has(c.email) &&
            reply !== undefined &&
            classifyRcpt(reply) === 'accepted'
          );
        });
      }
      const first = job.candidates[0];
      const reply = first && outcome.replies.get(first.email);
      return (
        first?.pattern === learnt &&
        (first.kind === 'exact' || outcome.known) &&
        !ambiguous.has(first.email) &&
        reply !== undefined &&
        classifyRcpt(reply) === 'accepted'
      );
    };
    const fullyTested = (job: Job) =>
      job.candidates.every((c) => decided(outcome.replies.get(c.email)));
    const delays = config.greylistRetryDelaysMs;
    let lostSessions = 0;
    let busyRetries = 0;
    for (let attempt = 0; ; attempt++) {
      outcome.attempts = attempt + 1;
      options.onProgress?.({ stage: 'smtp', percent: 30 + Math.min(50, attempt * 15) });
      const opened = await openSession(outcome.mxHosts, signal, attempt > 0);
      if (!opened.ok) {
        if (opened.busy && busyRetries < 2 && !signal?.aborted) {
          busyRetries++;
          continue;
        }
        outcome.error = opened.error;
        outcome.detail = opened.detail;
        break;
      }
      outcome.sessions++;
      const { session, host, address, release } = opened;
      outcome.mx = { host: host.name, address, priority: host.priority, tls: session.tls };
      try {
        await runStages(session);
      } finally {
        const limit = session.recipientLimit();
        if (limit !== undefined) recipientLimits.set(address, limit);
        await session.close();
        release();
      }
      const probeReply = outcome.replies.get(probeAddress);
      if (probeReply && outcome.catchAll === null) {
        const status = classifyRcpt(probeReply);
        if (status === 'accepted' || status === 'rejected') {
          outcome.catchAll = status === 'accepted';
          outcome.probe = {
            email: probeAddress,
            code: probeReply.code,
            enhanced: probeReply.enhanced,
            text: probeReply.text,
            cached: false,
          };
          rememberCatchAll(domain, outcome.catchAll, outcome.probe);
        }
      }
      if (outcome.catchAll === true) break;
      const lostConnection = [...outcome.replies.values()].some((r) => r.code === 0);
      const open = jobs.filter((job) => !settled(job) && !fullyTested(job));
      if (outcome.catchAll !== null && open.length === 0) break;
      if (lostConnection && lostSessions < 1) {
        // The server dropped us: once more, from a fresh session.
        lostSessions++;
        for (const [rcpt, reply] of outcome.replies)
          if (reply.code === 0) outcome.replies.delete(rcpt);
        continue;
      }
      if (lostConnection) {
        outcome.error = 'Connection closed by the mail server';
        break;
      }
      // 4xx (greylisting and friends) is never "invalid": wait, then ask again.
      const wait = delays[attempt - lostSessions - busyRetries];
      if (wait === undefined || signal?.aborted) break;
      await clock.sleep(wait, signal);
      if (signal?.aborted) break;
    }
    outcome.smtpMs = clock.now() - smtpStarted;

    async function runStages(session: SmtpSession): Promise<void> {
      const firstStage = new Set<string>();
      if (outcome.catchAll === null && !decided(outcome.replies.get(probeAddress))) {
        firstStage.add(probeAddress);
      }
      for (const job of jobs) {
        if (settled(job)) continue;
        const untested = job.candidates.filter((c) => !decided(outcome.replies.get(c.email)));
        const wanted =
          job.kind === 'verify'
            ? untested
            : untested.slice(0, learnt !== null ? 1 : firstStageCandidates);
        for (const c of wanted) firstStage.add(c.email);
      }
      const merge = (replies: Map<string, SmtpReply>) => {
        for (const [rcpt, reply] of replies) {
          const previous = outcome.replies.get(rcpt);
          if (!decided(previous)) outcome.replies.set(rcpt, reply);
        }
      };
      merge(await session.check([...firstStage]));
      const probeReply = outcome.replies.get(probeAddress);
      if (probeReply && classifyRcpt(probeReply) === 'accepted') return;
      // Everything still undecided, a greylisted (4xx) candidate of an earlier session too:
      // otherwise each retry would ask only the first few again.
      const secondStage = new Set<string>();
      for (const job of jobs) {
        if (job.kind !== 'find' || settled(job)) continue;
        for (const c of job.candidates) {
          if (!firstStage.has(c.email) && !decided(outcome.replies.get(c.email)))
            secondStage.add(c.email);
        }
      }
      if (secondStage.size > 0 && session.alive()) merge(await session.check([...secondStage]));
    }
  }

  function evidenceFor(
    domain: string,
    outcome: DomainOutcome,
    job: Job,
    score: ScoreOutcome,
    started: number,
  ): FinderEvidence {
    return {
      domain,
      mx: outcome.mx,
      mxHosts: outcome.mxHosts,
      implicitMx: outcome.implicit,
      catchAll: outcome.catchAll,
      catchAllProbe: outcome.probe,
      learntPattern: outcome.learnt,
      patternKnowledge: outcome.knowledge,
      knownPattern: outcome.known,
      pattern: score.pattern,
      candidates: job.candidates.map((c) => {
        const reply = outcome.replies.get(c.email);
        return {
          email: c.email,
          pattern: c.pattern,
          kind: c.kind,
          status: reply ? classifyRcpt(reply) : 'untested',
          code: reply ? reply.code : null,
          enhanced: reply ? reply.enhanced : null,
          text: reply ? reply.text : null,
        };
      }),
      sessions: outcome.sessions,
      attempts: outcome.attempts,
      reason: outcome.error ?? score.reason,
      detail: outcome.detail,
      flags: flagsFor(
        domain,
        job.kind === 'verify' ? job.localPart : (score.exactEmail?.split('@')[0] ?? null),
      ),
      timings: { dnsMs: outcome.dnsMs, smtpMs: outcome.smtpMs, totalMs: clock.now() - started },
    };
  }

  // Rows of one domain: one DNS resolution, one session, one probe, then a score per row.
  async function runGroup(
    domain: string,
    jobs: Job[],
    options: LookupOptions,
  ): Promise<FindResult[]> {
    const started = clock.now();
    const outcome = await lookupDomain(domain, options);
    const learnt = outcome.learnt;
    if (!outcome.error) {
      for (const job of jobs) {
        if (job.kind === 'find') {
          const [firstName, lastName] = job.localPart!.split('\u0000');
          job.candidates = candidatesFor(firstName!, lastName!, domain, learnt);
        }
      }
    }
    const owners = new Map<string, number>();
    for (const job of jobs) {
      if (job.kind !== 'find') continue;
      for (const c of job.candidates) owners.set(c.email, (owners.get(c.email) ?? 0) + 1);
    }
    const ambiguous = new Set([...owners].filter(([, n]) => n > 1).map(([email]) => email));
    if (!outcome.error && jobs.some((j) => j.candidates.length > 0)) {
      await probeDomain(domain, jobs, outcome, ambiguous, options);
    }
    options.onProgress?.({ stage: 'scoring', percent: 90 });
    const results: FindResult[] = [];
    for (const job of jobs) {
      const evidenceBase = evidenceFor(
        domain,
        outcome,
        job,
        { exactEmail: null, score: 0, pattern: null, reason: '' },
        started,
      );
      let score: ScoreOutcome;
      if (job.kind === 'verify') {
        const only = evidenceBase.candidates[0];
        score = only
          ? scoreVerify(only.email, { status: only.status, catchAll: outcome.catchAll })
          : { exactEmail: null, score: 0, pattern: null, reason: 'Not an e-mail address' };
      } else {
        score = scoreFind({
          candidates: evidenceBase.candidates,
          catchAll: outcome.catchAll,
          learntPattern: learnt,
          knownPattern: outcome.known ? learnt : null,
          ambiguous,
        });
      }
      if (outcome.error)
        score = { exactEmail: null, score: 0, pattern: null, reason: outcome.error };
      // A single exact match is a verified address: it confirms or contradicts the pattern.
      if (job.kind === 'find' && score.score === 99 && score.exactEmail && score.pattern) {
        await patternStore.record(domain, { pattern: score.pattern, email: score.exactEmail });
      }
      const evidence = evidenceFor(domain, outcome, job, score, started);
      results.push({
        exactEmail: score.exactEmail,
        exactEmailScore: score.score,
        ...(outcome.error ? { error: outcome.error } : {}),
        evidence,
      });
    }
    options.onProgress?.({ stage: 'done', percent: 100 });
    return results;
  }

  const findJob = (input: FindInput): Job => ({
    kind: 'find',
    candidates: [],
    localPart: `${input.firstName}\u0000${input.lastName}`,
  });

  const withClosing = (signal?: AbortSignal): AbortSignal =>
    signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;

  return {
    async find(input, options = {}) {
      const domain = normaliseDomain(input.domain);
      const [result] = await runGroup(domain, [findJob(input)], {
        ...options,
        signal: withClosing(options.signal),
      });
      return result!;
    },
    async verify(email, options = {}) {
      const trimmed = email.trim().toLowerCase();
      const at = trimmed.lastIndexOf('@');
      const domain = normaliseDomain(trimmed.slice(at + 1));
      const localPart = trimmed.slice(0, at);
      const valid = at > 0 && domain.length > 0 && /^[^\s@]{1,64}$/.test(localPart);
      const job: Job = {
        kind: 'verify',
        localPart,
        candidates: valid
          ? [{ email: `${localPart}@${domain}`, localPart, pattern: 'given', kind: 'exact' }]
          : [],
      };
      const [result] = await runGroup(domain, [job], {
        ...options,
        signal: withClosing(options.signal),
      });
      return result!;
    },
    async findBatch(inputs, options = {}) {
      const signal = withClosing(options.signal);
      const results: FindResult[] = new Array(inputs.length);
      const groups = new Map<string, number[]>();
      inputs.forEach((input, index) => {
        const domain = normaliseDomain(input.domain);
        const group = groups.get(domain) ?? [];
        group.push(index);
        groups.set(domain, group);
      });
      const work: Array<Promise<void>> = [];
      for (const [domain, indexes] of groups) {
        for (let i = 0; i < indexes.length; i += rowsPerSession) {
          const slice = indexes.slice(i, i + rowsPerSession);
          work.push(
            runGroup(
              domain,
              slice.map((index) => findJob(inputs[index]!)),
              { signal },
            ).then((found) => {
              found.forEach((result, k) => {
                const index = slice[k]!;
                results[index] = result;
                options.onResult?.(index, result);
              });
            }),
          );
        }
      }
      await Promise.all(work);
      return results;
    },
    async close() {
      closing.abort();
    },
  };
}
