import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { resolveMailHost } from '../mailboxes/host-policy.ts';
import type { PasswordBox } from '../mailboxes/password-box.ts';
import type { mailboxes } from '../mailboxes/schema.ts';

type MailboxRow = typeof mailboxes.$inferSelect;

const TIMEOUT_MS = 30_000;

// A failed send whose whole message had already gone to the server (it was read out after
// DATA's 354): the server may have accepted it even though its answer never came back.
type MailSendError = Error & { messageHandedOver?: true };

export type MailSender = { sendMail: (mail: SendMailOptions) => Promise<unknown> };

// One pooled SMTP connection set per mailbox, rebuilt when the mailbox changes.
export type MailTransports = {
  get: (mailbox: MailboxRow) => Promise<MailSender | { error: string }>;
  close: () => void;
};

// nodemailer reports a connection that broke or timed out with the same error before the
// message and after it; the end of the message stream, read only once DATA was accepted,
// tells the two apart. Watchers are keyed by Message-ID.
function watchHandOver(transport: Transporter, watchers: Map<string, () => void>): MailSender {
  transport.use('stream', (mail, done) => {
    const watcher = watchers.get(String(mail.data.messageId));
    if (watcher) mail.message.processFunc((output) => output.once('end', watcher));
    done();
  });
  return {
    sendMail: async (mail) => {
      const messageId = mail.messageId;
      let handedOver = false;
      if (messageId) watchers.set(messageId, () => (handedOver = true));
      try {
        return await transport.sendMail(mail);
      } catch (error) {
        if (handedOver && error instanceof Error) {
          (error as MailSendError).messageHandedOver = true;
        }
        throw error;
      } finally {
        if (messageId) watchers.delete(messageId);
      }
    },
  };
}

export function createMailTransports(options: {
  box: PasswordBox;
  allowPrivateHosts: boolean;
}): MailTransports {
  const cache = new Map<string, { version: number; transport: Transporter; sender: MailSender }>();
  const watchers = new Map<string, () => void>();
  return {
    get: async (mailbox) => {
      const version = mailbox.updatedAt.getTime();
      const cached = cache.get(mailbox.id);
      if (cached?.version === version) return cached.sender;
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
      const sender = watchHandOver(transport, watchers);
      cache.set(mailbox.id, { version, transport, sender });
      return sender;
    },
    close: () => {
      for (const { transport } of cache.values()) transport.close();
      cache.clear();
    },
  };
}
