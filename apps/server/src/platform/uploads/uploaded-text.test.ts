import { describe, expect, it } from 'vitest';
import { uploadedText } from './uploaded-text.ts';

describe('reading an uploaded table as text', () => {
  it('reads UTF-8, with or without a byte order mark', () => {
    expect(uploadedText(Buffer.from('first,last\nJosé,Müller\n', 'utf8'))).toBe(
      'first,last\nJosé,Müller\n',
    );
    expect(uploadedText(Buffer.from('\uFEFFfirst\nZoë\n', 'utf8'))).toBe('first\nZoë\n');
  });

  it('reads what Excel on Windows writes (Windows-1252) with its accents and quotes', () => {
    // "José,Müller,O’Brien" in Windows-1252: é E9, ü FC, ’ 92.
    const bytes = Buffer.from([
      ...Buffer.from('Jos', 'latin1'),
      0xe9,
      0x2c,
      ...Buffer.from('M', 'latin1'),
      0xfc,
      ...Buffer.from('ller,O', 'latin1'),
      0x92,
      ...Buffer.from('Brien\r\n', 'latin1'),
    ]);
    expect(uploadedText(bytes)).toBe('José,Müller,O’Brien\r\n');
  });

  it('refuses binary files, in either reading', () => {
    expect(uploadedText(Buffer.from([0x50, 0x00, 0x01, 0x02, 0x41]))).toBeNull();
    // Invalid UTF-8 with a byte Windows-1252 leaves undefined.
    expect(uploadedText(Buffer.from([0x41, 0xe9, 0x81, 0x42]))).toBeNull();
  });

  it('only looks for binary bytes as far as asked', () => {
    const text = `${'a,b\n'.repeat(10)}\u0001`;
    expect(uploadedText(Buffer.from(text, 'utf8'), 20)).toBe(text);
    expect(uploadedText(Buffer.from(text, 'utf8'))).toBeNull();
  });
});
