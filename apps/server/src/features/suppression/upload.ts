import {
  normaliseSuppressionEntry,
  SUPPRESSION_UPLOAD_MAX_ROWS,
  suppressionMessages,
} from '@mailhound/contracts';
import { badRequest } from '../../platform/errors.ts';
import { readSpreadsheet } from '../../platform/uploads/read-spreadsheet.ts';

const headerNames = new Set(['email', 'emailaddress', 'mail', 'address', 'entry', 'domain']);
const headerKey = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

// The entries of an uploaded CSV or XLSX: the column named like an e-mail column when there is
// a header, the first one otherwise, and the rows whose cell is neither an address nor
// `@domain` (numbered as a spreadsheet shows them). A file without one good row is refused,
// naming its bad rows.
export async function readSuppressionUpload(
  bytes: Buffer,
): Promise<{ entries: string[]; badRows: number[] }> {
  if (bytes.length === 0) throw badRequest(suppressionMessages.fileEmpty);
  const { rows } = await readSpreadsheet(bytes, {
    maxRows: SUPPRESSION_UPLOAD_MAX_ROWS + 2,
    unreadable: suppressionMessages.fileUnreadable,
  });
  const first = rows[0] ?? [];
  const named = first.findIndex((cell) => headerNames.has(headerKey(cell)));
  // A first row none of whose cells is an entry is a header too ("Contact", "Who").
  const hasHeader =
    named >= 0 || (first.length > 0 && first.every((cell) => !normaliseSuppressionEntry(cell)));
  const column = Math.max(0, named);
  const data = hasHeader ? rows.slice(1) : rows;
  if (data.length > SUPPRESSION_UPLOAD_MAX_ROWS) {
    throw badRequest(suppressionMessages.fileTooManyRows);
  }
  const entries = new Set<string>();
  const badRows: number[] = [];
  data.forEach((row, index) => {
    const cell = row[column] ?? '';
    if (cell.trim() === '') return;
    const entry = normaliseSuppressionEntry(cell);
    if (entry === null) badRows.push(index + (hasHeader ? 2 : 1));
    else entries.add(entry);
  });
  if (entries.size === 0) {
    throw badRequest(
      badRows.length > 0 ? suppressionMessages.invalidRows(badRows) : suppressionMessages.fileEmpty,
    );
  }
  return { entries: [...entries], badRows };
}
