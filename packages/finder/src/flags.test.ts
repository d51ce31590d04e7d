import { describe, expect, it } from 'vitest';
import { flagsFor, isDisposableDomain } from './flags.ts';

describe('address flags from the maintained lists', () => {
  it('flags a disposable domain listed by wildcard, and its subdomains', () => {
    expect(isDisposableDomain('10mail.org')).toBe(true);
    expect(isDisposableDomain('box.10mail.org')).toBe(true);
    expect(isDisposableDomain('not10mail.org')).toBe(false);
    expect(isDisposableDomain('acme.com')).toBe(false);
  });

  it('flags free providers and role addresses', () => {
    expect(flagsFor('gmail.com', 'info')).toEqual({
      disposable: false,
      freeProvider: true,
      role: true,
    });
    expect(flagsFor('acme.com', 'jane.roe')).toEqual({
      disposable: false,
      freeProvider: false,
      role: false,
    });
  });
});
