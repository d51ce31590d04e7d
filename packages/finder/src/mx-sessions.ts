import type { FinderConfig } from './config.ts';
import type { HostLimiter } from './host-limiter.ts';
import type { MailHost } from './mail-route.ts';
import type { OpenFailure, SmtpProbe, SmtpSession, SmtpSessionOptions } from './smtp-session.ts';

export interface OpenedSession {
  ok: true;
  session: SmtpSession;
  host: MailHost;
  address: string;
  release: () => void;
}

export interface FailedSession {
  ok: false;
  error: string;
  detail: string;
  // The last address tried answered 421: worth asking again after its back-off.
  busy: boolean;
}

// Sessions on a domain's mail hosts: the first MX address that takes one, in priority order,
// within the limiter's bounds; what each address taught (its recipients per transaction) is
// kept for the next session there.
export interface MxSessions {
  // `retry`: the lookup has waited its turn already, so its session goes before fresh ones.
  open: (
    hosts: readonly MailHost[],
    signal: AbortSignal | undefined,
    retry: boolean,
  ) => Promise<OpenedSession | FailedSession>;
  // QUIT and free the address for the next session.
  finish: (opened: OpenedSession) => Promise<void>;
}

// The addresses to try, host by host in priority order (the route is sorted already).
export const sessionRoute = (
  hosts: readonly MailHost[],
): Array<{ host: MailHost; address: string }> =>
  hosts.flatMap((host) => host.addresses.map((address) => ({ host, address })));

export function openFailureError(failure: OpenFailure): string {
  switch (failure) {
    case 'timeout':
      return 'Connection timed out';
    case 'busy':
      return 'The mail server is busy, try again later';
    case 'refused':
      return 'Connection refused by the mail server';
    case 'aborted':
      return 'Aborted';
    case 'closed':
    case 'rejected':
      return 'The mail server refused the session';
  }
}

export function sessionOptions(
  config: FinderConfig,
  recipientLimit: number | undefined,
  signal: AbortSignal | undefined,
): SmtpSessionOptions {
  return {
    heloName: config.heloName,
    mailFrom: config.mailFrom,
    connectTimeoutMs: config.connectTimeoutMs,
    commandTimeoutMs: config.commandTimeoutMs,
    ...(config.localAddress ? { localAddress: config.localAddress } : {}),
    ...(config.socksProxy ? { socksProxy: config.socksProxy } : {}),
    ...(recipientLimit !== undefined ? { recipientLimit } : {}),
    ...(signal ? { signal } : {}),
  };
}

export function createMxSessions(deps: {
  probe: SmtpProbe;
  limiter: HostLimiter;
  config: FinderConfig;
}): MxSessions {
  const { probe, limiter, config } = deps;
  const recipientLimits = new Map<string, number>();
  return {
    async open(hosts, signal, retry) {
      let failure: FailedSession = {
        ok: false,
        error: 'Connection timed out',
        detail: '',
        busy: false,
      };
      let fallback = false;
      for (const { host, address } of sessionRoute(hosts)) {
        let release: () => void;
        try {
          // The next MX address after a failed one has waited its turn already.
          release = await limiter.acquire(address, signal, retry || fallback);
          fallback = true;
        } catch {
          return { ok: false, error: 'Aborted', detail: 'Aborted', busy: false };
        }
        const opened = await probe.open(
          { host: host.name, address, port: config.smtpPort },
          sessionOptions(config, recipientLimits.get(address), signal),
        );
        if (opened.ok) return { ok: true, session: opened.session, host, address, release };
        release();
        if (opened.failure === 'busy') limiter.backOff(address, config.busyBackoffMs);
        failure = {
          ok: false,
          error: openFailureError(opened.failure),
          detail: opened.reply ? `${opened.reply.code} ${opened.reply.text}` : opened.detail,
          busy: opened.failure === 'busy',
        };
        if (opened.failure === 'aborted') return failure;
      }
      return failure;
    },
    async finish({ session, address, release }) {
      const limit = session.recipientLimit();
      if (limit !== undefined) recipientLimits.set(address, limit);
      await session.close();
      release();
    },
  };
}
