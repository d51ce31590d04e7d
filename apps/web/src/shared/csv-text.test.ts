import { describe, expect, it } from 'vitest';
import { csvText } from './csv-text.ts';

describe('csvText', () => {
  it('writes a byte-order mark, CRLF line ends and quotes only the cells that need it', () => {
    expect(
      csvText([
        ['Name', 'Note'],
        ['Lee, Ann', 'says "hi"'],
        ['Bob', 'two\nlines'],
      ]),
    ).toBe('\uFEFFName,Note\r\n"Lee, Ann","says ""hi"""\r\nBob,"two\nlines"\r\n');
  });

  it('puts an apostrophe before a cell a spreadsheet would run as a formula', () => {
    expect(csvText([['=HYPERLINK("http://evil.test")', '+1', '-2', '@risk', 'a=b']])).toBe(
      '\uFEFF"\'=HYPERLINK(""http://evil.test"")",\'+1,\'-2,\'@risk,a=b\r\n',
    );
  });
});
