import { readFile } from 'node:fs/promises';
import { parseBatchFile } from './batch-file.ts';
import { finderConfigFromEnv } from './config.ts';
import { createFinder, type Finder } from './finder.ts';
import type { FindResult } from './lookup-result.ts';
import type { FindInput } from './lookup-rows.ts';
import { createMemoryPatternStore } from './pattern-knowledge.ts';

interface Io {
  stdout: { write: (text: string) => unknown };
  stderr: { write: (text: string) => unknown };
}

const usage = `Usage:
  mailhound find <first name> <last name> <domain> [--json]
  mailhound find --batch FILE.csv [--json]
  mailhound verify <email> [--json]
`;

function describe(result: FindResult): string {
  const e = result.evidence;
  const lines = [
    `email:     ${result.exactEmail ?? '(none)'}`,
    `score:     ${result.exactEmailScore} (${e.reason})`,
  ];
  if (result.error) lines.push(`error:     ${result.error}${e.detail ? ` — ${e.detail}` : ''}`);
  if (e.mx) lines.push(`mx:        ${e.mx.host} [${e.mx.address}]${e.mx.tls ? ' (TLS)' : ''}`);
  if (e.catchAll !== null)
    lines.push(
      `catch-all: ${e.catchAll ? 'yes' : 'no'}${e.catchAllProbe?.cached ? ' (cached)' : ''}`,
    );
  if (e.pattern) lines.push(`pattern:   ${e.pattern}`);
  const flags = Object.entries(e.flags)
    .filter(([, on]) => on)
    .map(([name]) => name);
  if (flags.length > 0) lines.push(`flags:     ${flags.join(', ')}`);
  for (const c of e.candidates) {
    if (c.status === 'untested') continue;
    lines.push(
      `  ${c.email.padEnd(40)} ${c.code ?? ''} ${c.status}${c.text ? `: ${c.text.split('\n')[0]}` : ''}`,
    );
  }
  lines.push(
    `time:      ${e.timings.totalMs} ms (dns ${e.timings.dnsMs}, smtp ${e.timings.smtpMs}), ${e.sessions} session(s)`,
  );
  return `${lines.join('\n')}\n`;
}

// `mailhound find --batch FILE.csv`: one JSON line per row, in the file's order, each as soon
// as it and the rows before it are done; the whole result (evidence too) with --json.
async function runBatch(finder: Finder, file: string, json: boolean, io: Io): Promise<number> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    io.stderr.write(`Cannot read ${file}: ${error instanceof Error ? error.message : error}\n`);
    return 2;
  }
  const parsed = parseBatchFile(text);
  if ('error' in parsed) {
    io.stderr.write(`${parsed.error}\n`);
    return 2;
  }
  const lines: Array<string | undefined> = parsed.rows.map((row) =>
    'error' in row ? JSON.stringify({ error: row.error }) : undefined,
  );
  let next = 0;
  const flush = () => {
    while (next < lines.length && lines[next] !== undefined) io.stdout.write(`${lines[next++]}\n`);
  };
  const positions = parsed.rows.flatMap((row, index) => ('input' in row ? [index] : []));
  const inputs = positions.map((index) => (parsed.rows[index] as { input: FindInput }).input);
  flush();
  await finder.findBatch(inputs, {
    onResult: (k, result) => {
      const input = inputs[k]!;
      lines[positions[k]!] = JSON.stringify(
        json
          ? { ...input, ...result }
          : {
              ...input,
              exactEmail: result.exactEmail,
              exactEmailScore: result.exactEmailScore,
              ...(result.error ? { error: result.error } : {}),
            },
      );
      flush();
    },
  });
  flush();
  // Each row's error is on its own line; the batch itself ran.
  return 0;
}

// `mailhound find First Last example.com` / `mailhound verify a@b.com`; the server's
// main.ts hands its argv (after the program name) here.
export async function runFinderCli(
  argv: string[],
  io: Io,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const json = argv.includes('--json');
  const args = argv.filter((a) => a !== '--json');
  const [command, ...rest] = args;
  let config: ReturnType<typeof finderConfigFromEnv>;
  try {
    config = finderConfigFromEnv(env);
  } catch (error) {
    io.stderr.write(
      `Invalid FINDER_* configuration: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  }
  // A batch learns from its own rows, as bulk does, in memory.
  const finder = createFinder(config, { patternStore: createMemoryPatternStore() });
  try {
    let result: FindResult;
    if (command === 'find' && rest[0] === '--batch' && rest.length === 2) {
      return await runBatch(finder, rest[1]!, json, io);
    }
    if (command === 'find' && rest.length === 3) {
      result = await finder.find({ firstName: rest[0]!, lastName: rest[1]!, domain: rest[2]! });
    } else if (command === 'verify' && rest.length === 1) {
      result = await finder.verify(rest[0]!);
    } else {
      io.stderr.write(usage);
      return 2;
    }
    io.stdout.write(json ? `${JSON.stringify(result, null, 2)}\n` : describe(result));
    return result.error ? 1 : 0;
  } finally {
    await finder.close();
  }
}
