import { type Logger, pino } from 'pino';
import { prettyFactory } from 'pino-pretty';
import type { Config } from '../config.ts';

type Output = { write: (text: string) => unknown; isTTY?: boolean };

// The command line's logger: readable lines in a terminal; one JSON object per line when the
// output goes to a file, a pipe or a log collector (or LOG_FORMAT=json).
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  output: Output = process.stdout,
): Logger {
  const terminal = output.isTTY === true;
  const readable = config.logFormat === 'pretty' || (config.logFormat === 'auto' && terminal);
  if (!readable) return pino({ level: config.logLevel }, { write: (line) => output.write(line) });
  // Formatted in the same thread, line by line, so nothing is lost when the process exits.
  const format = prettyFactory({
    colorize: terminal,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
  return pino({ level: config.logLevel }, { write: (line) => output.write(format(line)) });
}

// Query parameters whose values are secrets (an API key, a sign-in or reset token): the log
// shows that they were given, never what they were.
const secretParameters = new Set(['api_key', 'key', 'token', 'secret', 'password', 'code']);

export function redactedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {}
      return secretParameters.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

// Fastify's request serializer with the secrets of the query taken out of the URL.
export const requestSerializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
