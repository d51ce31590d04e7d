import { type DomainLookup, routedLookup } from './domain-lookup.ts';
import type { SmtpReply } from './smtp-reply.ts';
import type { OpenFailure, SmtpProbe, SmtpSessionOptions } from './smtp-session.ts';

export const reply = (code: number, text = ''): SmtpReply => ({ code, enhanced: null, text });

// An SmtpProbe port without a network: each address opens or fails as `openFailure` says
// (null: it opens), and each session answers every recipient with `answer`. What was asked
// is kept for the test to read.
export function scriptedSmtp(script: {
  answer: (rcpt: string, session: number) => SmtpReply;
  openFailure?: (address: string) => OpenFailure | null;
  // Recipients per transaction the servers turn out to allow.
  recipientLimit?: number;
}) {
  const opened: Array<{ address: string; options: SmtpSessionOptions }> = [];
  const asked: string[][] = [];
  let sessions = 0;
  const probe: SmtpProbe = {
    async open(target, options) {
      opened.push({ address: target.address, options });
      const failure = script.openFailure?.(target.address) ?? null;
      if (failure) {
        return {
          ok: false,
          failure,
          reply: failure === 'busy' ? reply(421, 'busy') : null,
          detail: failure,
        };
      }
      const session = sessions++;
      return {
        ok: true,
        session: {
          banner: reply(220),
          tls: false,
          pipelining: true,
          recipientLimit: () => script.recipientLimit,
          async check(recipients) {
            asked.push(recipients);
            return new Map(recipients.map((rcpt) => [rcpt, script.answer(rcpt, session)]));
          },
          alive: () => true,
          close: async () => {},
        },
      };
    },
  };
  return { probe, opened, asked, sessions: () => sessions };
}

// A domain lookup whose route is one MX host at 192.0.2.1, before any session.
export const domainLookup = (extra: Partial<DomainLookup> = {}): DomainLookup => ({
  ...routedLookup({
    mxHosts: [{ name: 'mx.acme.test', priority: 10, addresses: ['192.0.2.1'] }],
    implicit: false,
    dnsMs: 0,
  }),
  ...extra,
});
