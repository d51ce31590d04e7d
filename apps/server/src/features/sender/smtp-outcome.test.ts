import { describe, expect, it } from 'vitest';
import { refusedAsNoSuchMailbox } from './smtp-outcome.ts';

describe('refusedAsNoSuchMailbox', () => {
  it("is true only when the reply's own status code says the recipient does not exist", () => {
    // Postfix, Gmail (a multi-line reply) and Microsoft 365, as they answer RCPT TO.
    expect(
      refusedAsNoSuchMailbox(
        '550 5.1.1 <ann@client.test>: Recipient address rejected: User unknown in virtual mailbox table',
      ),
    ).toBe(true);
    expect(
      refusedAsNoSuchMailbox(
        "550-5.1.1 The email account that you tried to reach does not exist. Please try\n550-5.1.1 double-checking the recipient's email address",
      ),
    ).toBe(true);
    expect(refusedAsNoSuchMailbox('550 5.1.10 RESOLVER.ADR.RecipientNotFound; not found')).toBe(
      true,
    );
  });

  it('is false for the sender refused, another reason, or a code elsewhere in the text', () => {
    expect(
      refusedAsNoSuchMailbox(
        '550 5.1.0 <me@mine.test>: Sender address rejected: User unknown in virtual mailbox table',
      ),
    ).toBe(false);
    expect(refusedAsNoSuchMailbox('550 5.1.8 Access denied, bad outbound sender')).toBe(false);
    expect(refusedAsNoSuchMailbox('550 5.1.7 Invalid sender')).toBe(false);
    expect(refusedAsNoSuchMailbox('550 5.7.1 Relaying denied')).toBe(false);
    expect(refusedAsNoSuchMailbox('554 5.7.1 Message rejected as spam (see 5.1.1)')).toBe(false);
    expect(refusedAsNoSuchMailbox('550 Requested action not taken: mailbox unavailable')).toBe(
      false,
    );
  });
});
