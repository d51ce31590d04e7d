import type { CatchAllCache, CatchAllVerdict } from './catch-all-cache.ts';
import type { Clock } from './clock.ts';
import type { DomainLookup } from './domain-lookup.ts';
import type { LookupRow } from './lookup-rows.ts';
import type { MxSessions } from './mx-sessions.ts';
import {
  afterSession,
  forgetUnanswered,
  lostConnection,
  type RetryCounts,
  retryAfterFailedOpen,
} from './retry-policy.ts';
import {
  catchAllProbeAddress,
  catchAllVerdict,
  firstStage,
  mergeReplies,
  openRows,
  type PlanState,
  secondStage,
} from './session-plan.ts';
import type { SmtpSession } from './smtp-session.ts';

export interface DomainProbe {
  sessions: MxSessions;
  catchAllCache: CatchAllCache;
  clock: Clock;
  greylistRetryDelaysMs: readonly number[];
}

export interface ProbeOptions {
  onProgress?: (event: { stage: 'smtp'; percent: number }) => void;
  signal?: AbortSignal | undefined;
}

// The SMTP part of a lookup: sessions on the domain's MX hosts, as the plan and the retry
// policy say, until every row is answered (or cannot be); the replies, the catch-all verdict,
// the MX used and the counts go into `lookup`.
export async function probeDomain(
  probe: DomainProbe,
  domain: string,
  rows: readonly LookupRow[],
  lookup: DomainLookup,
  ambiguous: ReadonlySet<string>,
  options: ProbeOptions,
): Promise<void> {
  const { clock } = probe;
  const { signal } = options;
  const started = clock.now();
  const cached = probe.catchAllCache.get(domain);
  if (cached) {
    lookup.catchAll = cached.catchAll;
    lookup.probe = cached.probe;
  }
  if (lookup.catchAll === true) return;
  const probeAddress = catchAllProbeAddress(domain);
  const plan = (): PlanState => ({
    replies: lookup.replies,
    probeAddress,
    catchAll: lookup.catchAll,
    learnt: lookup.learnt,
    // The plan settles rows only at a domain that refuses unknown recipients.
    known: lookup.knownWhereRefused,
    ambiguous,
  });
  const counts: RetryCounts = { attempt: 0, lostSessions: 0, busyRetries: 0 };
  for (; ; counts.attempt++) {
    lookup.attempts = counts.attempt + 1;
    options.onProgress?.({ stage: 'smtp', percent: 30 + Math.min(50, counts.attempt * 15) });
    const opened = await probe.sessions.open(lookup.mxHosts, signal, counts.attempt > 0);
    if (!opened.ok) {
      if (retryAfterFailedOpen(opened, counts, signal?.aborted ?? false)) {
        counts.busyRetries++;
        continue;
      }
      lookup.error = opened.error;
      lookup.detail = opened.detail;
      break;
    }
    lookup.sessions++;
    const { session, host, address } = opened;
    lookup.mx = { host: host.name, address, priority: host.priority, tls: session.tls };
    try {
      await askInStages(session);
    } finally {
      await probe.sessions.finish(opened);
    }
    const verdict: CatchAllVerdict | null =
      lookup.catchAll === null
        ? catchAllVerdict(probeAddress, lookup.replies.get(probeAddress))
        : null;
    if (verdict) {
      lookup.catchAll = verdict.catchAll;
      lookup.probe = verdict.probe;
      probe.catchAllCache.remember(domain, verdict);
    }
    const next = afterSession({
      catchAll: lookup.catchAll,
      openRows: openRows(rows, plan()).length,
      lostConnection: lostConnection(lookup.replies),
      counts,
      delaysMs: probe.greylistRetryDelaysMs,
      aborted: signal?.aborted ?? false,
    });
    if (next.step === 'finish') break;
    if (next.step === 'fail') {
      lookup.error = next.error;
      break;
    }
    if (next.step === 'reconnect') {
      counts.lostSessions++;
      forgetUnanswered(lookup.replies);
      continue;
    }
    await clock.sleep(next.ms, signal);
    if (signal?.aborted) break;
  }
  lookup.smtpMs = clock.now() - started;

  // One write and one round trip per stage when the server pipelines.
  async function askInStages(session: SmtpSession): Promise<void> {
    const first = firstStage(rows, plan());
    mergeReplies(lookup.replies, await session.check([...first]));
    const second = secondStage(rows, plan(), first);
    if (second.size > 0 && session.alive()) {
      mergeReplies(lookup.replies, await session.check([...second]));
    }
  }
}
