import { TextDecoder } from 'node:util';

// Reading an uploaded table: an XLSX workbook is a ZIP archive; anything else must be text.

export function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control bytes
const binaryBytes = /[\u0000-\u0008\u000e-\u001f]/;
// The five bytes Windows-1252 leaves undefined decode to C1 controls: not text either.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control bytes
const binaryBytes1252 = /[\u0000-\u0008\u000e-\u001f\u0080-\u009f]/;

// The upload as text, or null when it is not text. UTF-8 when the bytes are valid UTF-8;
// otherwise Windows-1252, which is what Excel on Windows writes for "CSV (Comma delimited)"
// (a Latin-1 "José" is the byte E9, invalid as UTF-8). Not text: control bytes other than tab
// and line ends (a binary file) within the first `scanChars` characters.
export function uploadedText(bytes: Buffer, scanChars = Number.POSITIVE_INFINITY): string | null {
  let text: string;
  let controls = binaryBytes;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
    controls = binaryBytes1252;
  }
  const scanned = Number.isFinite(scanChars) ? text.slice(0, scanChars) : text;
  return controls.test(scanned) ? null : text;
}
