import type { LabSpec, MailLab } from '@mailhound/mail-lab';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { App } from '../../platform/http.ts';

// Helpers for the single-search tests: the lab the finder probes, the stream parsed into
// events, and a solved ALTCHA challenge.

export type StreamEvent = { event: string; data: Record<string, unknown> };

// Parses a text/event-stream body: `event:` names the event ('message' when absent).
export function parseEventStream(body: string): {
  retry: number | undefined;
  events: StreamEvent[];
} {
  let retry: number | undefined;
  const events: StreamEvent[] = [];
  for (const block of body.split('\n\n')) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('retry: ')) retry = Number(line.slice(7));
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0) events.push({ event, data: JSON.parse(data.join('\n')) });
  }
  return { retry, events };
}

export type SearchBody = Record<string, unknown>;

export async function postSearch(
  app: App,
  body: SearchBody,
  options: { token?: string; remoteAddress?: string } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/person/sse',
    payload: body,
    headers: options.token ? { authorization: options.token } : {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  const stream =
    response.headers['content-type']?.toString().startsWith('text/event-stream') === true
      ? parseEventStream(response.body)
      : undefined;
  const events = stream?.events ?? [];
  return {
    statusCode: response.statusCode,
    contentType: response.headers['content-type'],
    json: () => response.json() as { message: string },
    retry: stream?.retry,
    events,
    // The event that ends the stream.
    last: events.at(-1),
  };
}

// A payload the ALTCHA widget would send after solving the server's challenge.
export async function solvedAltcha(app: App): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/bot-check/challenge' });
  const challenge = response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the ALTCHA challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

// The finder settings that point the app at a lab, as environment variables.
export function labEnv(lab: MailLab, overrides: Record<string, string> = {}) {
  return {
    FINDER_RESOLVERS: lab.dnsServer,
    FINDER_SMTP_PORT: String(lab.smtpPort),
    FINDER_ALLOW_PRIVATE_MX: 'true',
    FINDER_CONNECT_TIMEOUT_MS: '500',
    FINDER_COMMAND_TIMEOUT_MS: '500',
    ALTCHA_HMAC_KEY: 'altcha-test-key-long-enough-to-sign',
    ALTCHA_MAX_NUMBER: '20',
    ...overrides,
  };
}

// Domains for every outcome a single search can have.
export const searchLab: LabSpec = {
  hosts: [
    { name: 'mx.acme.test', address: '127.0.5.2' },
    { name: 'mx.silent.test', address: '127.0.5.3', mode: 'silent' },
  ],
  domains: [
    { name: 'acme.test', mx: [{ priority: 10, host: 'mx.acme.test' }], mailboxes: ['ann.lee'] },
    { name: 'small.test', mx: [{ priority: 10, host: 'mx.acme.test' }], mailboxes: ['ann'] },
    { name: 'catchall.test', mx: [{ priority: 10, host: 'mx.acme.test' }], catchAll: true },
    { name: 'known.test', mx: [{ priority: 10, host: 'mx.acme.test' }], catchAll: true },
    { name: 'gone.test', nxdomain: true },
    { name: 'silent.test', mx: [{ priority: 10, host: 'mx.silent.test' }] },
  ],
};
