import {
  type SearchProgressData,
  type VerifyBody,
  type VerifyEvent,
  type VerifyResultData,
  verifyEventSchema,
} from '@mailhound/contracts';
import { type FinalEvent, postEventStream } from '../../../shared/api/post-event-stream.ts';

export type VerifyOutcome =
  | { kind: 'verdict'; verdict: VerifyResultData }
  | { kind: 'payment_error'; message: string; required: number; available: number }
  | { kind: 'error'; error: string };

function outcomeOf(event: FinalEvent<VerifyEvent>): VerifyOutcome {
  switch (event.event) {
    case 'payment_error':
      return { kind: 'payment_error', ...event.data };
    case 'error':
      return { kind: 'error', error: event.data.error };
    default:
      return { kind: 'verdict', verdict: event.data };
  }
}

// POST /api/verify, streamed like the single search (the same reader and retries): progress,
// then the verdict, payment_error or error.
export async function verifyEmail(
  body: VerifyBody,
  options: { onProgress?: (progress: SearchProgressData) => void; signal?: AbortSignal } = {},
): Promise<VerifyOutcome> {
  return outcomeOf(await postEventStream('/verify', body, verifyEventSchema, options));
}
