import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { type Job, PgBoss, type Queue, type WorkOptions } from 'pg-boss';
import type { Queryable } from './database.ts';

// A feature declares its queues and workers here; `mailhound start` and `mailhound worker` run
// the workers, `mailhound api` only sends.
export type JobDefinition<Data extends object = object> = {
  name: string;
  queue?: Omit<Queue, 'name'>;
  work?: WorkOptions;
  // A cron expression (UTC) for recurring jobs; pg-boss sends one job per tick cluster-wide.
  cron?: string;
  // What it resolves to is stored as the job's output.
  handler: (job: Job<Data>) => Promise<unknown>;
};

export type Jobs = {
  boss: PgBoss;
  define: <Data extends object>(definition: JobDefinition<Data>) => void;
  start: (options: { workers: boolean }) => Promise<void>;
  send: (name: string, data: object, options?: Parameters<PgBoss['send']>[2]) => Promise<string>;
  // Sends a job and waits until a worker has completed it; returns the worker's output.
  sendAndWait: (name: string, data: object, timeoutMs?: number) => Promise<unknown>;
  stop: () => Promise<void>;
};

export const pingQueue = 'ping';

// pg-boss's `db` option: it writes its jobs through this transaction, so that they exist
// exactly when what the transaction writes does.
export function jobsThrough(tx: Queryable) {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const pieces = text
        .split(/\$(\d+)/)
        .map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
      const result = await tx.execute(sql.join(pieces, sql.raw('')));
      return { rows: result.rows };
    },
  };
}

export function createJobs(options: {
  connectionString: string;
  log: (message: string) => void;
}): Jobs {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: 4,
    useListenNotify: true,
  });
  boss.on('error', (error) => options.log(`pg-boss: ${error.message}`));
  const definitions = new Map<string, JobDefinition>();
  let started = false;

  const define = <Data extends object>(definition: JobDefinition<Data>) => {
    if (definitions.has(definition.name)) throw new Error(`job ${definition.name} defined twice`);
    // Stored type-erased: each handler only ever receives jobs of its own queue.
    definitions.set(definition.name, definition as unknown as JobDefinition);
  };

  // The platform's own round-trip check: proves that sending and working both reach PostgreSQL.
  define<{ at: string }>({
    name: pingQueue,
    queue: { notify: true, retryLimit: 0 },
    handler: async (job) => ({ pong: job.data.at }),
  });

  const send: Jobs['send'] = async (name, data, sendOptions) => {
    const id = await boss.send(name, data, sendOptions ?? {});
    if (!id) throw new Error(`job ${name} was not queued`);
    return id;
  };

  return {
    boss,
    define,
    start: async ({ workers }) => {
      await boss.start();
      started = true;
      for (const definition of definitions.values()) {
        // NOTIFY wakes a worker at once instead of at its next poll.
        await boss.createQueue(definition.name, { notify: true, ...definition.queue });
        if (definition.cron) await boss.schedule(definition.name, definition.cron);
        if (!workers) continue;
        await boss.work<object, unknown>(
          definition.name,
          // With NOTIFY, pg-boss only polls as a backstop (30 s by default), so a job queued
          // while every worker was busy would wait that long once they are free: 5 s bounds it.
          { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 5, ...definition.work },
          async ([job]) => (job ? definition.handler(job) : undefined),
        );
      }
    },
    send,
    sendAndWait: async (name, data, timeoutMs = 15_000) => {
      const id = await send(name, data);
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const [job] = await boss.findJobs(name, { id });
        if (job?.state === 'completed') return job.output;
        if (job?.state === 'failed' || job?.state === 'cancelled') {
          throw new Error(`job ${name} ${job.state}: ${JSON.stringify(job.output)}`);
        }
        await sleep(50);
      }
      throw new Error(`job ${name} was not completed within ${timeoutMs} ms`);
    },
    stop: async () => {
      if (started) await boss.stop({ graceful: true, timeout: 10_000 });
      started = false;
    },
  };
}
