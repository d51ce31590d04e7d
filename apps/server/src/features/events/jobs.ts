import type { Config } from '../../config.ts';
import type { Jobs } from '../../platform/jobs.ts';

export const forwardEventQueue = 'analytics-forward';

export type ForwardedEvent = {
  name: string;
  properties: Record<string, unknown>;
  userId: string | null;
  guestId: string | null;
  createdAt: string;
};

// Forwarding runs as a job so that a slow or failing collector never slows the API; pg-boss
// retries it a few times.
export function defineEventJobs(jobs: Jobs, config: Pick<Config, 'analyticsForwardUrl'>): void {
  const url = config.analyticsForwardUrl;
  jobs.define<ForwardedEvent>({
    name: forwardEventQueue,
    queue: { retryLimit: 3, retryBackoff: true },
    handler: async (job) => {
      if (!url) return;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(job.data),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`analytics collector answered ${response.status}`);
    },
  });
}
