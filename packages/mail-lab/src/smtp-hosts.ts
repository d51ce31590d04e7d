import net from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { LabDomain, LabHost, LabSpec } from './lab-spec.ts';
import { delayReplies } from './reply-delay.ts';

export interface HostStats {
  sessions: number;
  commands: Record<string, number>;
}

export interface LabStats {
  sessions: number;
  commands: Record<string, number>;
  byHost: Record<string, HostStats>;
}

export interface SmtpHosts {
  port: number;
  stats: () => LabStats;
  resetStats: () => void;
  close: () => Promise<void>;
}

const countedVerbs = new Set([
  'EHLO',
  'HELO',
  'STARTTLS',
  'MAIL',
  'RCPT',
  'RSET',
  'QUIT',
  'DATA',
  'NOOP',
  'VRFY',
]);

// smtp-server reads only the message and code: no stack trace, which would cost more than
// the whole reply in a bench of thousands of refusals.
function smtpError(code: number, message: string): Error & { responseCode: number } {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  const error = new Error(message);
  Error.stackTraceLimit = limit;
  return Object.assign(error, { responseCode: code });
}

interface SessionState {
  socket: net.Socket;
  envelope: unknown;
  transactionRcpts: number;
  sessionRcpts: number;
}

// SMTP servers for every lab host: one listener per host address, all on one port, one
// smtp-server instance behind them whose handlers look the host up by local address.
export async function startSmtpHosts(spec: LabSpec): Promise<SmtpHosts> {
  const latencyMs = spec.latencyMs ?? 0;
  const hostsByAddress = new Map<string, LabHost>();
  for (const host of spec.hosts) if (host.address) hostsByAddress.set(host.address, host);
  const domains = new Map<string, LabDomain>(spec.domains.map((d) => [d.name.toLowerCase(), d]));
  const greylist = new Map<string, number>();
  const activeByClient = new Map<string, number>();
  const counted = new Set<string>();
  const sessions = new Map<string, SessionState>();
  const socketsByPeer = new Map<string, net.Socket>();
  const openSockets = new Set<net.Socket>();
  let byHost: Record<string, HostStats> = {};

  const hostStats = (host: LabHost): HostStats => {
    byHost[host.name] ??= { sessions: 0, commands: {} };
    return byHost[host.name]!;
  };
  const countCommands = (host: LabHost, socket: net.Socket): void => {
    let pending = '';
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1');
      const lines = pending.split('\r\n');
      pending = lines.pop() ?? '';
      const stats = hostStats(host);
      for (const line of lines) {
        const verb = line.split(' ', 1)[0]!.toUpperCase();
        if (countedVerbs.has(verb)) stats.commands[verb] = (stats.commands[verb] ?? 0) + 1;
      }
    });
  };
  const hostOf = (session: SMTPServerSession): LabHost | undefined =>
    hostsByAddress.get(session.localAddress);
  const delays = (host: LabHost) => (index: number) =>
    latencyMs + (host.latencyMs ?? 0) + (index > 0 ? (host.commandDelayMs ?? 0) : 0);

  const server = new SMTPServer({
    name: 'mx.lab.test',
    disableReverseLookup: true,
    hideENHANCEDSTATUSCODES: true,
    authOptional: true,
    disabledCommands: ['AUTH'],
    logger: false,
    onConnect(session, callback) {
      const host = hostOf(session);
      if (!host) return callback(smtpError(554, '5.7.1 No service here'));
      const clientKey = `${host.address}|${session.remoteAddress}`;
      const active = (activeByClient.get(clientKey) ?? 0) + 1;
      activeByClient.set(clientKey, active);
      counted.add(session.id);
      const socket = socketsByPeer.get(`${session.remoteAddress}|${session.remotePort}`);
      if (socket) {
        sessions.set(session.id, { socket, envelope: null, transactionRcpts: 0, sessionRcpts: 0 });
      }
      session.disabledCommands = host.starttls ? ['AUTH'] : ['AUTH', 'STARTTLS'];
      if (host.maxSessionsPerClient !== undefined && active > host.maxSessionsPerClient) {
        return callback(smtpError(421, '4.7.0 Too many connections from your host, try later'));
      }
      if (host.bannerDelayMs) setTimeout(() => callback(), host.bannerDelayMs);
      else callback();
    },
    onSecure(socket, session, callback) {
      const host = hostOf(session);
      if (host && socket instanceof net.Socket && socket !== sessions.get(session.id)?.socket) {
        openSockets.add(socket);
        socket.once('close', () => openSockets.delete(socket));
        delayReplies(socket, (index) => delays(host)(index + 1));
        countCommands(host, socket);
      }
      callback();
    },
    onMailFrom(_address, _session, callback) {
      callback();
    },
    onRcptTo(address, session, callback) {
      const state = sessions.get(session.id);
      const recipient = address.address.toLowerCase();
      const at = recipient.lastIndexOf('@');
      const local = recipient.slice(0, at);
      const domain = domains.get(recipient.slice(at + 1));
      if (!domain || domain.nxdomain || domain.nullMx) {
        return callback(smtpError(550, '5.7.1 Relaying denied'));
      }
      if (state) {
        if (state.envelope !== session.envelope) {
          state.envelope = session.envelope;
          state.transactionRcpts = 0;
        }
        state.sessionRcpts++;
        state.transactionRcpts++;
        if (domain.dropAfterRcpt !== undefined && state.sessionRcpts >= domain.dropAfterRcpt) {
          state.socket.destroy();
          return;
        }
        if (domain.recipientLimit !== undefined && state.transactionRcpts > domain.recipientLimit) {
          return callback(smtpError(452, '4.5.3 Too many recipients'));
        }
      }
      if (domain.greylistMs) {
        const mailFrom = session.envelope.mailFrom;
        const tripleKey = `${session.remoteAddress}|${mailFrom ? mailFrom.address : ''}|${recipient}`;
        const first = greylist.get(tripleKey);
        const now = Date.now();
        if (first === undefined) greylist.set(tripleKey, now);
        if (first === undefined || now - first < domain.greylistMs) {
          return callback(smtpError(451, '4.7.1 Greylisted, please try again later'));
        }
      }
      if (domain.fullMailboxes?.includes(local)) {
        return callback(smtpError(552, `5.2.2 <${recipient}>: Mailbox full`));
      }
      if (domain.disabledMailboxes?.includes(local)) {
        return callback(
          smtpError(550, `5.2.1 <${recipient}>: Mailbox disabled, not accepting messages`),
        );
      }
      if (domain.catchAll || (domain.mailboxes ?? []).includes(local)) return callback();
      callback(smtpError(550, `5.1.1 <${recipient}>: Recipient address rejected: User unknown`));
    },
    onClose(session) {
      // After STARTTLS the plain socket never emits 'close' (TLS took its handle): forget it
      // here, or every upgraded session stays in memory.
      const plain = sessions.get(session.id)?.socket;
      if (plain) {
        openSockets.delete(plain);
        socketsByPeer.delete(`${session.remoteAddress}|${session.remotePort}`);
      }
      sessions.delete(session.id);
      if (!counted.delete(session.id)) return;
      const host = hostOf(session);
      if (!host) return;
      const clientKey = `${host.address}|${session.remoteAddress}`;
      const active = (activeByClient.get(clientKey) ?? 1) - 1;
      if (active > 0) activeByClient.set(clientKey, active);
      else activeByClient.delete(clientKey);
    },
  });
  server.on('error', () => {});

  const listeners: net.Server[] = [];
  const listenAll = async (port: number): Promise<number> => {
    let chosen = port;
    for (const host of spec.hosts) {
      if (host.mode === 'refused' || !host.address) continue;
      const listener = net.createServer((socket) => {
        openSockets.add(socket);
        socket.once('close', () => openSockets.delete(socket));
        socket.on('error', () => {});
        hostStats(host).sessions++;
        if (host.mode === 'silent') return;
        const peer = `${socket.remoteAddress}|${socket.remotePort}`;
        socketsByPeer.set(peer, socket);
        socket.once('close', () => socketsByPeer.delete(peer));
        delayReplies(socket, delays(host));
        countCommands(host, socket);
        server.connect(socket, {});
      });
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen({ port: chosen, host: host.address }, () => {
          listener.off('error', reject);
          resolve();
        });
      });
      listeners.push(listener);
      const address = listener.address();
      if (chosen === 0 && address && typeof address === 'object') chosen = address.port;
    }
    return chosen;
  };

  const closeListeners = async (): Promise<void> => {
    for (const socket of openSockets) socket.destroy();
    await Promise.all(
      listeners.splice(0).map((l) => new Promise<void>((resolve) => l.close(() => resolve()))),
    );
  };

  let port = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      port = await listenAll(spec.smtpPort ?? 0);
      break;
    } catch (error) {
      await closeListeners();
      // An ephemeral port free on one address can be taken on another: pick again.
      if (spec.smtpPort || attempt >= 20) throw error;
    }
  }

  return {
    port,
    stats: () => {
      const commands: Record<string, number> = {};
      let total = 0;
      for (const stats of Object.values(byHost)) {
        total += stats.sessions;
        for (const [verb, n] of Object.entries(stats.commands)) {
          commands[verb] = (commands[verb] ?? 0) + n;
        }
      }
      return { sessions: total, commands, byHost: structuredClone(byHost) };
    },
    resetStats: () => {
      byHost = {};
    },
    close: async () => {
      await closeListeners();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
