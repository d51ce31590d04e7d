import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../platform/jobs.ts';

// The sender's tick (features/sender/jobs.ts works it every minute).
export const campaignTickQueue = 'campaign-tick';

// Starting a campaign queues a tick at once, so its first e-mails go out when the user presses
// Start rather than at the next minute. The start is already saved: if the tick cannot be
// queued, the minute's tick sends them, and the answer stays the saved campaign.
export async function queueTickOnStart(jobs: Jobs | undefined, log: FastifyBaseLogger) {
  try {
    await jobs?.send(campaignTickQueue, {});
  } catch (error) {
    log.warn({ err: error }, 'campaign tick not queued at start; the minute tick will send');
  }
}
