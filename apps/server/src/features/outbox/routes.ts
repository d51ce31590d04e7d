import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../config.ts';
import { sendNotFound } from '../../platform/errors.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { listOutbox, type OutboxMail } from '../../platform/mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderOutbox(mails: OutboxMail[]): string {
  const rows = mails
    .map(
      (mail) =>
        `<tr><td>${escapeHtml(mail.createdAt.toISOString())}</td><td>${escapeHtml(mail.recipient)}</td><td>${escapeHtml(mail.subject)}</td><td><pre>${escapeHtml(mail.body)}</pre></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mailhound outbox</title>
<style>body{font-family:sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap;margin:0}</style>
</head><body><h1>Outbox</h1><p>Transactional mail kept here because SMTP_URL is not set. Newest first.</p>
<table><thead><tr><th>Sent</th><th>Recipient</th><th>Subject</th><th>Body</th></tr></thead><tbody>
${rows || '<tr><td colspan="4">No mail yet.</td></tr>'}
</tbody></table></body></html>`;
}

function listensOnLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  return net.isIP(host) !== 0 && ipaddr.process(host).range() === 'loopback';
}

// Everyone's codes and reset links: only for a server nobody else can reach, or on purpose.
function servesOutbox(config: Pick<Config, 'host' | 'devOutbox'>): boolean {
  return config.devOutbox || listensOnLoopback(config.host);
}

// A development page: it exists only while mail goes to the outbox table.
export function registerOutboxRoutes(app: App, deps: FeatureDeps): void {
  const served = servesOutbox(deps.config);
  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    if (!deps.mailer.usesOutbox || !served) return sendNotFound(request, reply);
    return reply.type('text/html; charset=utf-8').send(renderOutbox(await listOutbox(deps.db)));
  });
}
