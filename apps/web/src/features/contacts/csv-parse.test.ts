import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-parse.ts';

describe('parseCsv (RFC 4180)', () => {
  it('splits rows and fields, with CRLF, LF or CR line ends', () => {
    expect(parseCsv('a,b\r\n1,2\n3,4\r5,6')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('keeps commas, line breaks and doubled quotes inside quoted fields', () => {
    expect(parseCsv('name,note\n"Lee, Ann","said ""hi""\non two lines"\n')).toEqual([
      ['name', 'note'],
      ['Lee, Ann', 'said "hi"\non two lines'],
    ]);
  });

  it('drops a byte order mark and blank lines, keeps empty fields', () => {
    expect(parseCsv('\uFEFFEmail,fname\n\nann@acme.com,\n')).toEqual([
      ['Email', 'fname'],
      ['ann@acme.com', ''],
    ]);
  });

  it('reads semicolon files when the header has more semicolons than commas', () => {
    expect(parseCsv('Email;First Name\nann@acme.com;Ann')).toEqual([
      ['Email', 'First Name'],
      ['ann@acme.com', 'Ann'],
    ]);
  });

  it('refuses a quoted field that never closes', () => {
    expect(() => parseCsv('a\n"open')).toThrow();
  });
});
