import nodemailer, { type Transporter } from 'nodemailer';
import { resolveMailHost } from '../mailboxes/host-policy.ts';
import type { PasswordBox } from '../mailboxes/password-box.ts';
import type { mailboxes } from '../mailboxes/schema.ts';

type MailboxRow = typeof mailboxes.$inferSelect;

const TIMEOUT_MS = 30_000;

// One pooled SMTP connection set per mailbox, rebuilt when the mailbox changes.
export type MailTransports = {
  get: (mailbox: MailboxRow) => Promise<Transporter | { error: string }>;
  close: () => void;
};

export function createMailTransports(options: {
  box: PasswordBox;
  allowPrivateHosts: boolean;
}): MailTransports {
  const cache = new Map<string, { version: number; transport: Transporter }>();
  return {
    get: async (mailbox) => {
      const version = mailbox.updatedAt.getTime();
      const cached = cache.get(mailbox.id);
      if (cached?.version === version) return cached.transport;
      cached?.transport.close();
      // The SSRF guard of the mailboxes feature: a private address is refused (throws 400).
      const resolved = await resolveMailHost(mailbox.smtpHost, options.allowPrivateHosts);
      if ('error' in resolved) return { error: resolved.error };
      const transport = nodemailer.createTransport({
        pool: true,
        maxConnections: 4,
        maxMessages: Number.POSITIVE_INFINITY,
        host: resolved.address,
        port: mailbox.smtpPort,
        secure: mailbox.smtpPort === 465,
        auth: {
          user: mailbox.email,
          pass: options.box.open(mailbox.passwordEncrypted, mailbox.id),
        },
        tls: { servername: resolved.host },
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      });
      cache.set(mailbox.id, { version, transport });
      return transport;
    },
    close: () => {
      for (const { transport } of cache.values()) transport.close();
      cache.clear();
    },
  };
}
