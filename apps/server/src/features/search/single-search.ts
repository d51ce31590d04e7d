import { randomUUID } from 'node:crypto';
import type { Evidence, SingleSearchEvent } from '@mailhound/contracts';
import type { Finder, FindResult } from '@mailhound/finder';
import type { Db } from '../../platform/database.ts';
import { genericFailure } from '../../platform/errors.ts';
import { verdictOfFound } from '../verify/index.ts';
import type { SearchQuery } from './schema.ts';
import {
  beginSearch,
  interruptedSearch,
  type Searcher,
  type SearchOutcome,
  settleSearch,
} from './search-records.ts';

// What the stream carries: the contracts' single-search event union.
export type SearchEvent = SingleSearchEvent;

// A search never outlives this: the stale-search sweep (10 minutes) must only meet searches
// whose process died.
export const searchDeadlineMs = 8 * 60_000;

function outcomeOf(result: FindResult): SearchOutcome {
  return {
    exactEmail: result.error ? null : result.exactEmail,
    score: result.error ? 0 : result.exactEmailScore,
    error: result.error ?? null,
    // Stored as it is; the screens read it through the contracts' evidence schema.
    evidence: { ...(result.evidence satisfies Evidence) },
  };
}

// One single search from start to settlement. Events go to `emit` as they happen; `signal`
// stops the finder (the client went away) and the search is still settled.
export async function runSingleSearch(
  deps: { db: Db; finder: Finder; logFailure: (error: unknown) => void },
  search: { searcher: Searcher; query: SearchQuery; domain: string },
  emit: (event: SearchEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const id = randomUUID();
  const begun = await beginSearch(deps.db, { id, searcher: search.searcher, query: search.query });
  if (!begun.ok) {
    emit({ event: 'payment_error', data: begun.refusal });
    return;
  }
  let result: FindResult | undefined;
  let outcome: SearchOutcome;
  try {
    result = await deps.finder.find(
      { firstName: search.query.firstName, lastName: search.query.lastName, domain: search.domain },
      {
        signal: AbortSignal.any([signal, AbortSignal.timeout(searchDeadlineMs)]),
        // A guest's search weighs only what the finder and several users agree on.
        ...(search.searcher.kind === 'user' ? { viewer: search.searcher.userId } : {}),
        onProgress: (progress) => {
          if (progress.stage !== 'done')
            emit({ event: 'progress', data: { stage: progress.stage, percent: progress.percent } });
        },
      },
    );
    outcome = outcomeOf(result);
  } catch (error) {
    // The finder reports network trouble as results; a throw is a bug, and still settled.
    deps.logFailure(error);
    outcome = { exactEmail: null, score: 0, error: genericFailure, evidence: null };
  }
  const verdict = outcome.error === null && result ? verdictOfFound(result) : null;
  const { charged, interrupted } = await settleSearch(deps.db, { id, outcome, verdict });
  if (interrupted) {
    emit({ event: 'error', data: { _id: id, error: interruptedSearch } });
    return;
  }
  if (outcome.error !== null || !result) {
    emit({ event: 'error', data: { _id: id, error: outcome.error ?? genericFailure } });
    return;
  }
  emit({
    event: undefined,
    data: {
      _id: id,
      exactEmail: outcome.exactEmail,
      exactEmailScore: outcome.score,
      evidence: outcome.evidence,
      verdict,
      charged,
    },
  });
}
