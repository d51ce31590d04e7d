import type { SendMailOptions, Transporter } from 'nodemailer';
import type { MailAccount, MailConnections } from './connections.ts';

type MailboxRow = MailAccount & { updatedAt: Date };

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

export function createMailTransports(connections: MailConnections): MailTransports {
  const cache = new Map<string, { version: number; transport: Transporter; sender: MailSender }>();
  const watchers = new Map<string, () => void>();
  return {
    get: async (mailbox) => {
      const version = mailbox.updatedAt.getTime();
      const cached = cache.get(mailbox.id);
      if (cached?.version === version) return cached.sender;
      cached?.transport.close();
      // The host policy: a private address is refused (throws 400).
      const made = await connections.smtpTransport(mailbox, {
        timeoutMs: TIMEOUT_MS,
        pooled: true,
      });
      if ('error' in made) return made;
      const { transport } = made;
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
