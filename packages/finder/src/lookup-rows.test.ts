import { describe, expect, it } from 'vitest';
import {
  ambiguousAddresses,
  findRow,
  normaliseDomain,
  verifyRow,
  withCandidates,
} from './lookup-rows.ts';

describe('the rows of a lookup', () => {
  it('takes a domain from a website address', () => {
    expect(normaliseDomain(' https://www.Acme.test/about ')).toBe('acme.test');
    expect(normaliseDomain('acme.test.')).toBe('acme.test');
  });

  it('verifies an address as its only candidate, and nothing that is not one', () => {
    expect(verifyRow(' Jane.Roe@WWW.Acme.test ')).toEqual({
      domain: 'acme.test',
      row: {
        kind: 'verify',
        localPart: 'jane.roe',
        candidates: [
          { email: 'jane.roe@acme.test', localPart: 'jane.roe', pattern: 'given', kind: 'exact' },
        ],
      },
    });
    expect(verifyRow('@acme.test').row.candidates).toEqual([]);
    expect(verifyRow('jane roe@acme.test').row.candidates).toEqual([]);
    expect(verifyRow('jane.roe@').row.candidates).toEqual([]);
  });

  it("gives find rows their candidates, the learnt pattern's first, and leaves verify rows", () => {
    const verify = verifyRow('info@acme.test').row;
    const [jane, same] = withCandidates(
      [findRow({ firstName: 'Jane', lastName: 'Roe', domain: 'acme.test' }), verify],
      'acme.test',
      'lastf',
    );
    expect(jane?.candidates[0]).toMatchObject({ email: 'roej@acme.test', pattern: 'lastf' });
    expect(same).toBe(verify);
  });

  it('marks the addresses two people of one batch would share', () => {
    const rows = withCandidates(
      [
        findRow({ firstName: 'John', lastName: 'Doe', domain: 'acme.test' }),
        findRow({ firstName: 'John', lastName: 'Smith', domain: 'acme.test' }),
        verifyRow('john@acme.test').row,
      ],
      'acme.test',
      null,
    );
    const ambiguous = ambiguousAddresses(rows);
    expect(ambiguous.has('john@acme.test')).toBe(true);
    expect(ambiguous.has('john.doe@acme.test')).toBe(false);
  });
});
