import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LabDomain, LabHost, LabSpec } from '@mailhound/mail-lab';
import type { App } from '../../platform/http.ts';
import type { BulkItem } from './bulk-store.ts';

// Helpers for the bulk tests: a multipart upload, waiting for a request, and labs.

export function multipart(fileName: string, content: Buffer | string, contentType = 'text/csv') {
  const boundary = `----mailhound${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(
  app: App,
  token: string,
  fileName: string,
  content: Buffer | string,
  contentType?: string,
) {
  const body = multipart(fileName, content, contentType);
  return app.inject({
    method: 'POST',
    url: '/api/person/bulk',
    payload: body.payload,
    headers: { ...body.headers, authorization: token },
  });
}

export async function readItem(app: App, token: string, id: string): Promise<BulkItem> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/search-history/bulk/${id}`,
    headers: { authorization: token },
  });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json() as BulkItem;
}

// An upload that is accepted, once its search is over.
export async function completedUpload(
  app: App,
  token: string,
  fileName: string,
  content: string,
): Promise<BulkItem> {
  const response = await upload(app, token, fileName, content);
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return waitUntilDone(app, token, (response.json() as BulkItem).requestId);
}

// The first download of a request's full result, which pays for it.
export async function buyResult(app: App, token: string, id: string) {
  const file = await app.inject({
    method: 'GET',
    url: `/api/file/${id}/result/full`,
    headers: { authorization: token },
  });
  if (file.statusCode !== 200) throw new Error(`${file.statusCode} ${file.body}`);
}

export async function waitUntilDone(
  app: App,
  token: string,
  id: string,
  timeoutMs = 20_000,
): Promise<BulkItem> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const item = await readItem(app, token, id);
    if (item.status !== 'processing') return item;
    if (Date.now() > deadline)
      throw new Error(`bulk ${id} still processing: ${JSON.stringify(item)}`);
    await sleep(100);
  }
}

// Pattern domains (first.last), `people` people each, every person with a mailbox, spread over
// `hosts` mail servers; `commandDelayMs` slows each reply so that a request takes a while.
export function patternLab(options: {
  domains: number;
  people: number;
  hosts?: number;
  commandDelayMs?: number;
}) {
  const hostCount = options.hosts ?? 1;
  const hosts: LabHost[] = Array.from({ length: hostCount }, (_, h) => ({
    name: `mx${h}.shared.test`,
    ...(options.commandDelayMs ? { commandDelayMs: options.commandDelayMs } : {}),
  }));
  const domains: LabDomain[] = [];
  const rows: Array<{ firstName: string; lastName: string; domain: string; email: string }> = [];
  for (let d = 0; d < options.domains; d += 1) {
    const name = `co${d}.test`;
    const mailboxes: string[] = [];
    for (let p = 0; p < options.people; p += 1) {
      const firstName = `Ann${letters(p)}`;
      const lastName = `Lee${letters(d)}`;
      const local = `${firstName}.${lastName}`.toLowerCase();
      mailboxes.push(local);
      rows.push({ firstName, lastName, domain: name, email: `${local}@${name}` });
    }
    domains.push({
      name,
      mx: [{ priority: 10, host: `mx${d % hostCount}.shared.test` }],
      mailboxes,
    });
  }
  const spec: LabSpec = { hosts, domains };
  return { spec, rows };
}

// Names without digits (the finder folds names to letters).
function letters(n: number): string {
  let text = '';
  let rest = n;
  do {
    text = String.fromCharCode(97 + (rest % 26)) + text;
    rest = Math.floor(rest / 26) - 1;
  } while (rest >= 0);
  return text;
}

export function toCsv(rows: string[][]): string {
  return rows.map((row) => row.join(',')).join('\n');
}
