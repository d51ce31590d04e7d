import { describe, expect, it } from 'vitest';
import { candidatesFor, patternKind } from './patterns.ts';

describe('candidate addresses', () => {
  it('covers the common patterns, most frequent first', () => {
    const emails = candidatesFor('John', 'Doe', 'acme.com', null).map((c) => c.localPart);
    expect(emails.slice(0, 6)).toEqual(['john.doe', 'jdoe', 'john', 'johndoe', 'j.doe', 'johnd']);
    for (const local of ['john_doe', 'doe.john', 'doej', 'doe', 'john-doe', 'jd']) {
      expect(emails).toContain(local);
    }
  });

  it("puts the domain's learnt pattern first", () => {
    expect(candidatesFor('John', 'Doe', 'acme.com', 'lastf')[0]?.email).toBe('doej@acme.com');
  });

  it('spells accented, hyphenated and particle names the way mail admins do', () => {
    const emails = candidatesFor('José', "van der Berg-O'Neil", 'acme.com', null).map(
      (c) => c.localPart,
    );
    expect(emails[0]).toBe('jose.vanderbergoneil');
    expect(emails).toContain('jose.oneil');
  });

  it('calls an address exact only when it carries the full last name and the first initial', () => {
    expect(patternKind('first.last')).toBe('exact');
    expect(patternKind('flast')).toBe('exact');
    expect(patternKind('first')).toBe('possible');
    expect(patternKind('last')).toBe('possible');
    expect(patternKind('firstl')).toBe('possible');
    expect(patternKind('fl')).toBe('possible');
  });
});
