import { describe, expect, it } from 'vitest';
import { decodeText } from './read-text-file.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decodeText (a CSV from any spreadsheet)', () => {
  it('reads UTF-8 and drops its byte order mark', () => {
    expect(decodeText(utf8('José,Müller'))).toBe('José,Müller');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Zoë')]))).toBe('Zoë');
  });

  it('reads bytes that are not UTF-8 as windows-1252, as Excel writes them', () => {
    // 'José,Müller – “Q4”' in windows-1252: é is E9, ü FC, the dash 96, the quotes 93 and 94.
    const bytes = new Uint8Array([
      0x4a, 0x6f, 0x73, 0xe9, 0x2c, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x96, 0x20, 0x93,
      0x51, 0x34, 0x94,
    ]);
    expect(decodeText(bytes)).toBe('José,Müller – “Q4”');
  });
});
