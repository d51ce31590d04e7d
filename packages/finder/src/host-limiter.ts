// Sessions open at once, overall and per MX address, a gap between session starts on one
// address, and a pause for an address that answered 421.
export interface HostLimiter {
  // `urgent` waiters go before the others (a lookup's retry, which has already waited).
  acquire: (host: string, signal?: AbortSignal, urgent?: boolean) => Promise<() => void>;
  // 421: leave the host alone for a while and open fewer sessions to it afterwards.
  backOff: (host: string, ms: number) => void;
}

export interface HostLimiterOptions {
  overall: number;
  perHost: number;
  intervalMs: number;
  now?: () => number;
}

interface HostState {
  active: number;
  limit: number;
  nextStart: number;
  until: number;
}

interface Waiter {
  host: string;
  urgent: boolean;
  grant: (release: () => void) => void;
  fail: (error: Error) => void;
}

export function createHostLimiter(options: HostLimiterOptions): HostLimiter {
  const now = options.now ?? Date.now;
  const hosts = new Map<string, HostState>();
  const waiters: Waiter[] = [];
  let active = 0;
  let timer: NodeJS.Timeout | null = null;

  const stateOf = (host: string): HostState => {
    let state = hosts.get(host);
    if (!state) {
      state = { active: 0, limit: options.perHost, nextStart: 0, until: 0 };
      hosts.set(host, state);
    }
    return state;
  };

  const pump = (): void => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const t = now();
    let wakeAt = Number.POSITIVE_INFINITY;
    for (let i = 0; i < waiters.length && active < options.overall; ) {
      const waiter = waiters[i]!;
      const state = stateOf(waiter.host);
      const readyAt = Math.max(state.nextStart, state.until);
      if (state.active >= state.limit) {
        i++;
        continue;
      }
      if (readyAt > t) {
        wakeAt = Math.min(wakeAt, readyAt);
        i++;
        continue;
      }
      waiters.splice(i, 1);
      active++;
      state.active++;
      state.nextStart = t + options.intervalMs;
      let released = false;
      waiter.grant(() => {
        if (released) return;
        released = true;
        active--;
        state.active--;
        // Idle hosts with nothing pending are forgotten, so the map stays small.
        if (state.active === 0 && state.until <= now() && state.limit === options.perHost) {
          hosts.delete(waiter.host);
        }
        pump();
      });
    }
    if (wakeAt !== Number.POSITIVE_INFINITY) {
      timer = setTimeout(pump, Math.max(1, wakeAt - t));
    }
  };

  return {
    acquire: (host, signal, urgent = false) =>
      new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(new Error('Aborted'));
          return;
        }
        const waiter: Waiter = {
          host,
          urgent,
          grant: (release) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(release);
          },
          fail: reject,
        };
        const onAbort = () => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) waiters.splice(index, 1);
          reject(new Error('Aborted'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        if (urgent) {
          // Behind the urgent ones already waiting: first come, first served among them.
          let at = 0;
          while (at < waiters.length && waiters[at]!.urgent) at++;
          waiters.splice(at, 0, waiter);
        } else waiters.push(waiter);
        pump();
      }),
    backOff: (host, ms) => {
      const state = stateOf(host);
      state.until = Math.max(state.until, now() + ms);
      state.limit = Math.max(1, state.active - 1);
      pump();
    },
  };
}
