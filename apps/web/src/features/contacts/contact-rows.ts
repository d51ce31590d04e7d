import type { ContactRow } from '@mailhound/contracts';
import { COLUMN_NAME_MAX, contactSchema, customColumnValueSchema } from '@mailhound/contracts';
import type { ZodType } from 'zod';

// Accepted input columns (product-spec §3 "Bulk preview"): Email or email, First Name or fname,
// Last Name or lname. Header case and surrounding spaces do not matter.
const fieldByHeader: Record<string, 'email' | 'fname' | 'lname'> = {
  email: 'email',
  'first name': 'fname',
  fname: 'fname',
  'last name': 'lname',
  lname: 'lname',
};

// Why rows were left out: no e-mail or no name at all, an e-mail the contact form would refuse,
// an e-mail met in an earlier row, a value longer than a contact takes.
export type SkippedRows = {
  incomplete: number;
  invalidEmail: number;
  duplicate: number;
  tooLong: number;
};

export type ContactRowsResult = { rows: ContactRow[]; skipped: SkippedRows; columns: string[] };

export class MissingEmailColumnError extends Error {
  constructor() {
    super('The file needs an Email column');
  }
}

// Names may be empty (one of the two is enough); a value given is held to the contact's rules.
const fits = (value: string, schema: ZodType) => value === '' || schema.safeParse(value).success;

// A row is kept with its e-mail as the contact form stores it (trimmed, lower case), or left
// out for the first reason that applies.
function judge(
  row: ContactRow,
  customValues: string[],
  seen: Set<string>,
): { skip: keyof SkippedRows } | { email: string } {
  if (row.email === '' || (row.fname === '' && row.lname === '')) return { skip: 'incomplete' };
  const email = contactSchema.shape.email.safeParse(row.email);
  if (!email.success) return { skip: 'invalidEmail' };
  const valuesFit =
    fits(row.fname, contactSchema.shape.fname) &&
    fits(row.lname, contactSchema.shape.lname) &&
    customValues.every((value) => fits(value, customColumnValueSchema));
  if (!valuesFit) return { skip: 'tooLong' };
  return seen.has(email.data) ? { skip: 'duplicate' } : { email: email.data };
}

// product-spec §5 "Bulk list creation rows": a row is kept only with an e-mail and at least
// one of first or last name. The server drops what it cannot store (an invalid e-mail, a value
// over 50 characters) and merges rows of one e-mail, so those are left out here and counted:
// the rows kept are exactly the contacts created. E-mails are checked as the contact form
// checks them and compared without case; the first row of an e-mail is kept. Other columns
// become custom columns when asked for (their names at most COLUMN_NAME_MAX characters;
// longer ones are left out).
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
  const skipped: SkippedRows = { incomplete: 0, invalidEmail: 0, duplicate: 0, tooLong: 0 };
  const seen = new Set<string>();
  for (const cells of body) {
    const row: ContactRow = { email: '', fname: '', lname: '' };
    const customValues: string[] = [];
    cells.forEach((cell, index) => {
      const value = cell.trim();
      const field = fields[index];
      const column = custom[index];
      if (field) {
        if (row[field] === '') row[field] = value;
      } else if (column && value !== '') {
        row[column] = value;
        customValues.push(value);
      }
    });
    const verdict = judge(row, customValues, seen);
    if ('skip' in verdict) {
      skipped[verdict.skip] += 1;
      continue;
    }
    seen.add(verdict.email);
    rows.push({ ...row, email: verdict.email });
  }
  const columns = custom.filter((name): name is string => name !== null);
  return { rows, skipped, columns };
}

export type FoundContact = { email: string; fname: string | null; lname: string | null };

// People whose e-mail the finder found (lead finder, look-alike) become contacts under the
// rules of a bulk result's rows (product-spec §5 "Bulk list creation rows"): an e-mail and a
// first or last name, each e-mail once.
export function foundContactRows(people: readonly FoundContact[]): ContactRow[] {
  const table = [
    ['Email', 'First Name', 'Last Name'],
    ...people.map((person) => [person.email, person.fname ?? '', person.lname ?? '']),
  ];
  return toContactRows(table, { customColumns: false }).rows;
}
