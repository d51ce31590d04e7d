import { COLUMN_NAME_MAX } from '@mailhound/contracts';
import type { ContactRow } from './api/create-contacts.ts';

// Accepted input columns (product-spec §3 "Bulk preview"): Email or email, First Name or fname,
// Last Name or lname. Header case and surrounding spaces do not matter.
const fieldByHeader: Record<string, 'email' | 'fname' | 'lname'> = {
  email: 'email',
  'first name': 'fname',
  fname: 'fname',
  'last name': 'lname',
  lname: 'lname',
};

export type ContactRowsResult = { rows: ContactRow[]; skipped: number; columns: string[] };

export class MissingEmailColumnError extends Error {
  constructor() {
    super('The file needs an Email column');
  }
}

// product-spec §5 "Bulk list creation rows": a row is kept only with an e-mail and at least
// one of first or last name. Other columns become custom columns when asked for (their names
// at most COLUMN_NAME_MAX characters; longer ones are left out).
export function toContactRows(
  table: string[][],
  options: { customColumns: boolean },
): ContactRowsResult {
  const [header = [], ...body] = table;
  const names = header.map((cell) => cell.trim());
  const fields = names.map((name) => fieldByHeader[name.toLowerCase()] ?? null);
  if (!fields.includes('email')) throw new MissingEmailColumnError();
  const custom = options.customColumns
    ? names.map((name, index) =>
        fields[index] === null && name !== '' && name.length <= COLUMN_NAME_MAX ? name : null,
      )
    : names.map(() => null);

  const rows: ContactRow[] = [];
  let skipped = 0;
  for (const cells of body) {
    const row: ContactRow = { email: '', fname: '', lname: '' };
    cells.forEach((cell, index) => {
      const value = cell.trim();
      const field = fields[index];
      const column = custom[index];
      if (field) {
        if (row[field] === '') row[field] = value;
      } else if (column && value !== '') {
        row[column] = value;
      }
    });
    if (row.email !== '' && (row.fname !== '' || row.lname !== '')) rows.push(row);
    else skipped += 1;
  }
  const columns = custom.filter((name): name is string => name !== null);
  return { rows, skipped, columns };
}
