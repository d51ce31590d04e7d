import { describe, expect, it } from 'vitest';
import { csvCells, csvListKind } from './list-kind.ts';

describe('the header row of a chosen CSV', () => {
  it('is split on its delimiter outside quotes', () => {
    expect(csvCells('Email,"Note, long","say ""hi"""')).toEqual([
      'Email',
      'Note, long',
      'say "hi"',
    ]);
    expect(csvCells('First Name;Last Name;Company')).toEqual([
      'First Name',
      'Last Name',
      'Company',
    ]);
  });

  it("names a list whose only column the server reads is the e-mail one 'verify'", async () => {
    const csv = (text: string, name = 'list.csv') => new File([text], name, { type: 'text/csv' });
    expect(await csvListKind(csv('\uFEFFE-mail,Note\r\nann@acme.com,x\r\n'))).toBe('verify');
    expect(await csvListKind(csv('First Name,Last Name,Company Website,Email\n'))).toBe('find');
    expect(await csvListKind(csv('Email', 'list.xlsx'))).toBeNull();
  });
});
