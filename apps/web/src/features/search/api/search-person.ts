import {
  type SearchProgressData,
  type SingleSearchBody,
  type SingleSearchEvent,
  singleSearchEventSchema,
  type Verdict,
} from '@mailhound/contracts';
import { type FinalEvent, postEventStream } from '../../../shared/api/post-event-stream.ts';

const path = '/person/sse';

export type SearchProgress = SearchProgressData;

export type SearchOutcome =
  | {
      kind: 'found';
      id: string;
      exactEmail: string | null;
      exactEmailScore: number | null;
      // The verdict on exactEmail (issue 22), shown beside the score.
      verdict: Verdict | null;
      // False for an address found at a verified score that the user had paid for already.
      charged: boolean;
    }
  | { kind: 'payment_error'; message: string; required: number; available: number }
  | { kind: 'error'; id: string | null; error: string };

function outcomeOf(event: FinalEvent<SingleSearchEvent>): SearchOutcome {
  switch (event.event) {
    case 'payment_error':
      return { kind: 'payment_error', ...event.data };
    case 'error':
      return { kind: 'error', id: event.data._id ?? null, error: event.data.error };
    default:
      return {
        kind: 'found',
        id: event.data._id,
        exactEmail: event.data.exactEmail,
        exactEmailScore: event.data.exactEmailScore,
        verdict: event.data.verdict ?? null,
        charged: event.data.charged,
      };
  }
}

// Streams one single search (see postEventStream for its retries): progress, then its outcome.
export async function searchPerson(
  body: SingleSearchBody,
  options: { onProgress?: (progress: SearchProgress) => void; signal?: AbortSignal } = {},
): Promise<SearchOutcome> {
  return outcomeOf(await postEventStream(path, body, singleSearchEventSchema, options));
}
