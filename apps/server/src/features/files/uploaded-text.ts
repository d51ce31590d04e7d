import { TextDecoder } from 'node:util';

// Reading an uploaded table: an XLSX workbook is a ZIP archive; anything else must be text.

export function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304;
}

// The upload as UTF-8 text, or null when it is not text: invalid UTF-8, or control bytes other
// than tab and line ends (a binary file) within the first `scanChars` characters.
export function uploadedText(bytes: Buffer, scanChars = Number.POSITIVE_INFINITY): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const scanned = Number.isFinite(scanChars) ? text.slice(0, scanChars) : text;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control bytes
  return /[\u0000-\u0008\u000e-\u001f]/.test(scanned) ? null : text;
}
