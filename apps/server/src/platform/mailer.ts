import { desc } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Db } from './database.ts';
import { outbox } from './outbox-schema.ts';

export type Mail = { to: string; subject: string; text: string };

export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  // True when mail goes to the outbox table (no SMTP_URL): /dev/outbox shows it.
  usesOutbox: boolean;
};

export function createMailer(options: {
  smtpUrl: string | undefined;
  mailFrom: string;
  db: Db;
}): Mailer {
  if (options.smtpUrl) {
    const transport = createTransport(options.smtpUrl);
    return {
      usesOutbox: false,
      send: async (mail) => {
        await transport.sendMail({ from: options.mailFrom, ...mail });
      },
    };
  }
  return {
    usesOutbox: true,
    send: async (mail) => {
      await options.db
        .insert(outbox)
        .values({ recipient: mail.to, subject: mail.subject, body: mail.text });
    },
  };
}

export type OutboxMail = { recipient: string; subject: string; body: string; createdAt: Date };

export async function listOutbox(db: Db, limit = 200): Promise<OutboxMail[]> {
  return db
    .select({
      recipient: outbox.recipient,
      subject: outbox.subject,
      body: outbox.body,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(limit);
}
