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
