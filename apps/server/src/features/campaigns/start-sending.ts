import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../platform/jobs.ts';

// The minute ticks of the sender (features/sender/jobs.ts) and of the inbox sync
// (features/unibox/jobs.ts).
export const campaignTickQueue = 'campaign-tick';
export const inboxTickQueue = 'inbox-tick';

// Starting a campaign runs both ticks at once rather than at the next minute: its first e-mails
// go out when the user presses Start, and its mailboxes are read from then on, so that a quick
// reply is filed as quickly. The start is already saved: if a tick cannot be queued, the
// minute's tick does its work, and the answer stays the saved campaign.
export async function queueTicksOnStart(jobs: Jobs | undefined, log: FastifyBaseLogger) {
  try {
    await jobs?.send(campaignTickQueue, {});
    await jobs?.send(inboxTickQueue, {});
  } catch (error) {
    log.warn({ err: error }, 'campaign ticks not queued at start; the minute ticks will run them');
  }
}
