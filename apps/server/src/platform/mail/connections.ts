import { ImapFlow } from 'imapflow';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { type ResolvedHost, resolveMailHost } from './host-policy.ts';
import { createPasswordBox, type PasswordBox } from './password-box.ts';

// What a connection needs of a saved mailbox (the mailboxes table's row).
export type MailAccount = {
  id: string;
  email: string;
  passwordEncrypted: string;
  smtpHost: string;
  smtpPort: number;
  imapHost: string;
  imapPort: number;
};

// A host the host policy let through: the connection goes to `address`, TLS checks `host`.
export type MailServer = { host: string; address: string; port: number };
export type MailLogin = { user: string; password: string };

// Connect and greeting timeouts; the socket's too unless said otherwise.
export type ImapOptions = {
  timeoutMs: number;
  socketTimeoutMs?: number;
  // Log in and out only (the mailbox check).
  verifyOnly?: boolean;
  // The caller starts IDLE itself.
  disableAutoIdle?: boolean;
};
export type SmtpOptions = { timeoutMs: number; pooled?: boolean };

// Ports 993 and 465 speak TLS from the first byte; the others start it with STARTTLS.
export function imapClient(server: MailServer, login: MailLogin, options: ImapOptions): ImapFlow {
  const client = new ImapFlow({
    host: server.address,
    servername: server.host,
    port: server.port,
    secure: server.port === 993,
    auth: { user: login.user, pass: login.password },
    logger: false,
    verifyOnly: options.verifyOnly ?? false,
    disableAutoIdle: options.disableAutoIdle ?? false,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.socketTimeoutMs ?? options.timeoutMs,
  });
  // Errors also arrive as events; without a listener one would crash the process.
  client.on('error', () => undefined);
  return client;
}

export function smtpTransport(
  server: MailServer,
  login: MailLogin,
  options: SmtpOptions,
): Transporter {
  const settings: SMTPTransport.Options = {
    host: server.address,
    port: server.port,
    secure: server.port === 465,
    auth: { user: login.user, pass: login.password },
    tls: { servername: server.host },
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  };
  return options.pooled
    ? nodemailer.createTransport({
        ...settings,
        pool: true,
        maxConnections: 4,
        maxMessages: Number.POSITIVE_INFINITY,
      })
    : nodemailer.createTransport(settings);
}

// The server's one way to a user's mail servers: built once at start-up from
// MAILBOX_SECRET_KEY and MAIL_ALLOW_PRIVATE_HOSTS, handed to the features that connect.
export type MailConnections = {
  box: PasswordBox;
  // The host policy with the operator's setting: throws 400 for a private address.
  resolveHost: (host: string) => Promise<ResolvedHost>;
  // A saved mailbox's IMAP client, connected. Throws when its host does not resolve.
  connectImap: (mailbox: MailAccount, options: ImapOptions) => Promise<ImapFlow>;
  // A saved mailbox's SMTP transport (connects on first use), or why there is none.
  smtpTransport: (
    mailbox: MailAccount,
    options: SmtpOptions,
  ) => Promise<{ transport: Transporter } | { error: string }>;
};

export function createMailConnections(settings: {
  secretKey: string;
  allowPrivateHosts: boolean;
}): MailConnections {
  const box = createPasswordBox(settings.secretKey);
  const resolveHost = (host: string) => resolveMailHost(host, settings.allowPrivateHosts);
  const login = (mailbox: MailAccount): MailLogin => ({
    user: mailbox.email,
    password: box.open(mailbox.passwordEncrypted, mailbox.id),
  });
  return {
    box,
    resolveHost,
    connectImap: async (mailbox, options) => {
      const resolved = await resolveHost(mailbox.imapHost);
      if ('error' in resolved) throw new Error(resolved.error);
      const client = imapClient({ ...resolved, port: mailbox.imapPort }, login(mailbox), options);
      await client.connect();
      return client;
    },
    smtpTransport: async (mailbox, options) => {
      const resolved = await resolveHost(mailbox.smtpHost);
      if ('error' in resolved) return { error: resolved.error };
      return {
        transport: smtpTransport({ ...resolved, port: mailbox.smtpPort }, login(mailbox), options),
      };
    },
  };
}
