import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, poolOf, type Queryable } from './database.ts';
import type { App } from './http.ts';

// Workers announce a request's progress on one channel, the payload being its id. NOTIFY is
// sent when the writing transaction commits, so a listener always reads what was announced.
// The name dates from when bulk was its only user; look-alike announces on it too.
export const progressChannel = 'bulk_progress';

export async function notifyProgress(db: Queryable, requestId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${progressChannel}, ${requestId})`);
}

export type ProgressHub = {
  // Calls `onChange` whenever the request may have changed (and after a reconnection, when
  // announcements may have been missed). Returns the unsubscribe function.
  subscribe: (requestId: string, onChange: () => void) => Promise<() => void>;
  close: () => Promise<void>;
};

const reconnectMs = 1000;

// One LISTEN connection per API process, opened with the first subscriber; announcements are
// fanned out in memory to the streams of that request. So any API process can serve a stream
// whatever worker process does the work.
export function createProgressHub(
  connection: pg.ClientConfig,
  log: (message: string) => void,
): ProgressHub {
  const listeners = new Map<string, Set<() => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;

  const everyone = () => {
    for (const set of listeners.values()) for (const listener of set) listener();
  };

  const connect = async () => {
    const next = new pg.Client(connection);
    next.on('notification', (message) => {
      for (const listener of listeners.get(message.payload ?? '') ?? []) listener();
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      if (closed) return;
      log(`bulk progress listener lost${error ? `: ${error.message}` : ''}; reconnecting`);
      setTimeout(() => {
        if (!closed && listeners.size > 0) void ensure().catch(() => undefined);
      }, reconnectMs).unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`listen ${progressChannel}`);
    client = next;
    // Whatever happened while no one listened is read again.
    everyone();
  };

  const ensure = async () => {
    if (client || closed) return;
    connecting ??= connect().finally(() => {
      connecting = undefined;
    });
    await connecting;
  };

  return {
    subscribe: async (requestId, onChange) => {
      const set = listeners.get(requestId) ?? new Set();
      set.add(onChange);
      listeners.set(requestId, set);
      await ensure();
      return () => {
        set.delete(onChange);
        if (set.size === 0) listeners.delete(requestId);
      };
    },
    close: async () => {
      closed = true;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

const hubs = new WeakMap<App, () => ProgressHub>();

// The hub of the API process that serves `api`'s routes, shared by the bulk and look-alike
// streams: its connection opens with the first stream and closes with the server.
export function progressHubOf(api: App, db: Db): () => ProgressHub {
  const known = hubs.get(api);
  if (known) return known;
  let hub: ProgressHub | undefined;
  const get = () => {
    hub ??= createProgressHub(poolOf(db).options, (message) => api.log.warn(message));
    return hub;
  };
  api.addHook('onClose', async () => {
    await hub?.close();
  });
  hubs.set(api, get);
  return get;
}
