import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

// Bounds of one delivery: the receiver answers within 10 s, and no more than 4 KB of its
// answer is read (the start of it is kept as the attempt's error when it is not a 2xx).
export const DELIVERY_TIMEOUT_MS = 10_000;
const ANSWER_BYTES_READ = 4_096;
const ERROR_TEXT_MAX = 300;

export type PostOutcome = { statusCode: number | null; error: string | null };

// POSTs the body to `address`, the address the host policy checked (a second DNS answer
// cannot point the request elsewhere); TLS still checks the URL's host name. Redirects are
// not followed: a 3xx is a failed attempt like any other non-2xx.
export function postEvent(
  url: URL,
  address: string,
  body: string,
  headers: Record<string, string>,
): Promise<PostOutcome> {
  const family = net.isIPv6(address) ? 6 : 4;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Mailhound-Webhooks/1',
        ...headers,
      },
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      lookup: (_host, options, callback) => {
        if (options.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      },
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve({
        statusCode: null,
        error: timedOut
          ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s.`
          : `Could not reach the URL (${error.code ?? error.message}).`,
      });
    });
    request.on('response', (response) => {
      const statusCode = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let read = 0;
      const finish = () => {
        response.destroy();
        const ok = statusCode >= 200 && statusCode < 300;
        const text = Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ').trim();
        resolve({ statusCode, error: ok || !text ? null : text.slice(0, ERROR_TEXT_MAX) });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        read += chunk.length;
        if (read >= ANSWER_BYTES_READ) finish();
      });
      response.on('end', finish);
      response.on('error', finish);
    });
    request.end(body);
  });
}
