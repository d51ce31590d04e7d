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

describe('candidates for names spelt more than one way', () => {
  it('tries soeren and sren for Søren with the common patterns and the learnt one', () => {
    const emails = candidatesFor('Søren', 'Kierkegaard', 'acme.dk', 'first').map((c) => c.email);
    for (const email of [
      'soren.kierkegaard@acme.dk',
      'soeren.kierkegaard@acme.dk',
      'sren.kierkegaard@acme.dk',
      'soeren@acme.dk',
      'sren@acme.dk',
    ])
      expect(emails).toContain(email);
    expect(emails.indexOf('soren.kierkegaard@acme.dk')).toBeLessThan(
      emails.indexOf('soeren.kierkegaard@acme.dk'),
    );
    // A rarer pattern keeps the main spelling only.
    expect(emails).toContain('kierkegaard_soren@acme.dk');
    expect(emails).not.toContain('kierkegaard_soeren@acme.dk');
  });
});
