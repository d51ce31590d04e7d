import { recogniseColumns } from '@mailhound/contracts';
import { describe, expect, it } from 'vitest';
import { assignChunks, domainKeyOf, queryOfRow } from './upload-file.ts';

describe('columns are recognised by header, whatever the case and spacing', () => {
  it.each([
    [['First Name', 'Last Name', 'Company Website'], { firstName: 0, lastName: 1, website: 2 }],
    [['fname', 'LNAME', 'domain'], { firstName: 0, lastName: 1, website: 2 }],
    [['first_name', 'lastname', 'Company Name'], { firstName: 0, lastName: 1, companyName: 2 }],
    [['Email'], { email: 0 }],
    [['E-mail', 'company domain'], { email: 0, website: 1 }],
  ])('%j', (header, columns) => {
    expect(recogniseColumns(header)).toEqual(columns);
  });
});

describe('what a row asks', () => {
  const columns = { firstName: 0, lastName: 1, website: 2, email: 3 };

  it('a given address is verified; otherwise a name and company are looked up', () => {
    expect(queryOfRow(columns, ['Ann', 'Lee', 'acme.com', ' Ann@Acme.com '])).toEqual({
      kind: 'verify',
      email: 'ann@acme.com',
    });
    expect(queryOfRow(columns, ['Ann', 'Lee', 'acme.com', ''])).toEqual({
      kind: 'find',
      firstName: 'Ann',
      lastName: 'Lee',
      company: 'acme.com',
    });
    expect(queryOfRow(columns, ['Ann', '', 'acme.com', '']).kind).toBe('skip');
    expect(queryOfRow(columns, ['Ann', 'Lee', 'acme.com', 'not-an-address']).kind).toBe('skip');
  });

  it('rows are grouped by the domain they probe', () => {
    expect(
      [
        { kind: 'find' as const, firstName: 'a', lastName: 'b', company: 'https://www.Acme.com/x' },
        { kind: 'verify' as const, email: 'x@acme.com' },
        { kind: 'find' as const, firstName: 'a', lastName: 'b', company: 'Acme Inc' },
      ].map(domainKeyOf),
    ).toEqual(['acme.com', 'acme.com', 'name:acme inc']);
  });
});

describe('chunks', () => {
  it('keep a domain’s rows together and pack small domains up to the chunk size', () => {
    const keys = ['a', 'b', 'a', 'c', 'b', 'a'];
    expect(assignChunks(keys, 3)).toEqual([0, 1, 0, 1, 1, 0]);
  });

  it('split a domain larger than a chunk into chunks of its own', () => {
    const keys = [...Array(5).fill('big'), 'small'];
    expect(assignChunks(keys, 2)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});
