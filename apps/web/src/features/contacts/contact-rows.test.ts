import { describe, expect, it } from 'vitest';
import { foundContactRows, MissingEmailColumnError, toContactRows } from './contact-rows.ts';

describe('contact rows from a table (product-spec §5 "Bulk list creation rows")', () => {
  it('accepts Email / First Name / Last Name and email / fname / lname headers', () => {
    const named = toContactRows(
      [
        ['Email', 'First Name', 'Last Name'],
        ['ann@acme.com', 'Ann', 'Lee'],
      ],
      { customColumns: false },
    );
    const short = toContactRows(
      [
        [' email ', 'FNAME', 'lname'],
        ['ann@acme.com', 'Ann', 'Lee'],
      ],
      { customColumns: false },
    );
    expect(named.rows).toEqual([{ email: 'ann@acme.com', fname: 'Ann', lname: 'Lee' }]);
    expect(short.rows).toEqual(named.rows);
  });

  it('keeps a row only with an e-mail and at least one of first or last name', () => {
    const result = toContactRows(
      [
        ['Email', 'First Name', 'Last Name'],
        ['ann@acme.com', 'Ann', ''],
        ['bob@acme.com', '', 'Stone'],
        ['', 'Cid', 'Moe'],
        ['dan@acme.com', '', ''],
      ],
      { customColumns: false },
    );
    expect(result.rows.map((row) => row.email)).toEqual(['ann@acme.com', 'bob@acme.com']);
    expect(result.skipped.incomplete).toBe(2);
  });

  it('skips an e-mail the contact form would refuse and a repeated e-mail, whatever its case', () => {
    const result = toContactRows(
      [
        ['Email', 'First Name', 'Last Name'],
        ['bad-email', 'Bad', 'Row'],
        ['ann@x.com', 'Ann', 'Lee'],
        ['ANN@x.com', 'Annie', 'Lee'],
        [' Bob@X.com ', 'Bob', 'Stone'],
      ],
      { customColumns: false },
    );
    expect(result.rows).toEqual([
      { email: 'ann@x.com', fname: 'Ann', lname: 'Lee' },
      { email: 'bob@x.com', fname: 'Bob', lname: 'Stone' },
    ]);
    expect(result.skipped).toEqual({ incomplete: 0, invalidEmail: 1, duplicate: 1, tooLong: 0 });
  });

  it('skips a row with a name or custom value over 50 characters, as the server would', () => {
    const result = toContactRows(
      [
        ['Email', 'First Name', 'Last Name', 'Company'],
        ['ann@acme.com', 'A'.repeat(51), 'Lee', ''],
        ['bob@acme.com', 'Bob', 'Stone', 'C'.repeat(51)],
        ['cid@acme.com', 'C'.repeat(50), '', 'C'.repeat(50)],
      ],
      { customColumns: true },
    );
    expect(result.rows.map((row) => row.email)).toEqual(['cid@acme.com']);
    expect(result.skipped.tooLong).toBe(2);
  });

  it('turns other columns into custom columns when asked, names up to 20 characters', () => {
    const table = [
      ['Email', 'fname', 'lname', 'Company', 'A column name far too long'],
      ['ann@acme.com', 'Ann', 'Lee', 'Acme', 'x'],
    ];
    const withColumns = toContactRows(table, { customColumns: true });
    expect(withColumns.columns).toEqual(['Company']);
    expect(withColumns.rows).toEqual([
      { email: 'ann@acme.com', fname: 'Ann', lname: 'Lee', Company: 'Acme' },
    ]);
    expect(toContactRows(table, { customColumns: false }).rows[0]).not.toHaveProperty('Company');
  });

  it('needs an e-mail column', () => {
    expect(() => toContactRows([['First Name'], ['Ann']], { customColumns: false })).toThrow(
      MissingEmailColumnError,
    );
  });
});

describe('contact rows from found people (lead finder, look-alike)', () => {
  it('keeps the bulk rules: a name needed, e-mails stored lower case and once', () => {
    expect(
      foundContactRows([
        { email: 'Ann.Lee@acme.com', fname: 'Ann', lname: null },
        { email: 'ann.lee@acme.com', fname: 'Ann', lname: 'Lee' },
        { email: 'info@acme.com', fname: null, lname: null },
        { email: 'bob@acme.com', fname: null, lname: 'Stone' },
      ]),
    ).toEqual([
      { email: 'ann.lee@acme.com', fname: 'Ann', lname: '' },
      { email: 'bob@acme.com', fname: '', lname: 'Stone' },
    ]);
  });
});
