// Excel's "CSV (Comma delimited)" writes windows-1252, other tools write UTF-8: the bytes are
// UTF-8 when they decode as such (a byte order mark dropped), windows-1252 otherwise, so
// 'José' or 'Müller' keep their accents either way.
export function decodeText(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export async function readTextFile(file: Blob): Promise<string> {
  return decodeText(await file.arrayBuffer());
}
