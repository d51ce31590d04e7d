import { describe, expect, it } from 'vitest';
import { refusedAsNoSuchMailbox } from './smtp-outcome.ts';

describe('refusedAsNoSuchMailbox', () => {
  it("is true only for RFC 3463's 5.1.x: the address does not exist", () => {
    expect(refusedAsNoSuchMailbox('550 5.1.1 <ann@client.test>: Recipient address rejected')).toBe(
      true,
    );
    expect(refusedAsNoSuchMailbox('5.1.10 RESOLVER.ADR.RecipientNotFound')).toBe(true);
    expect(refusedAsNoSuchMailbox('550 5.7.1 Relaying denied')).toBe(false);
    expect(refusedAsNoSuchMailbox('554 5.7.1 Message rejected as spam')).toBe(false);
    expect(refusedAsNoSuchMailbox('550 Requested action not taken')).toBe(false);
    expect(refusedAsNoSuchMailbox('550 version 15.1.2 policy')).toBe(false);
  });
});
