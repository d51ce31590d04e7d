import { type BulkKind, listKindOf } from '@mailhound/contracts';

const delimiters = [',', ';', '\t'] as const;

// The cells of a CSV line: split on its delimiter (the one it uses most) outside quotes, a
// quoted cell unquoted.
export function csvCells(line: string): string[] {
  const count = (delimiter: string) => line.split(delimiter).length;
  const delimiter = delimiters.reduce((best, next) => (count(next) > count(best) ? next : best));
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (char === '"' && quoted && line[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === delimiter && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += char;
    }
  }
  return [...cells, cell.trim()];
}

// What a chosen CSV asks, read from its header row by the server's rule, so that the upload
// modal names a list of addresses 'Verify emails' before it is sent; null for an XLSX (only
// the server reads those) or a file that cannot be read.
export async function csvListKind(file: Blob & { name: string }): Promise<BulkKind | null> {
  if (!/\.csv$/i.test(file.name)) return null;
  const text = await file.slice(0, 65_536).text();
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return listKindOf(csvCells(header));
}
