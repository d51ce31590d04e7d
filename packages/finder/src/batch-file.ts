import type { FindInput } from './lookup-rows.ts';

// One CSV line's fields (RFC 4180: commas, double quotes around a field, "" for a quote).
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field.trim());
      field = '';
    } else field += c;
  }
  fields.push(field.trim());
  return fields;
}

export type BatchRow = { input: FindInput } | { error: string };

// `first,last,domain` rows after a header line naming those columns (any order, any case;
// `first name`, `firstName`, `last_name`, `company`, `website` are understood too).
export function parseBatchFile(text: string): { rows: BatchRow[] } | { error: string } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = csvFields(lines[0] ?? '').map((name) => name.toLowerCase().replace(/[\s_-]/g, ''));
  const column = (...names: string[]) => header.findIndex((name) => names.includes(name));
  const first = column('first', 'firstname');
  const last = column('last', 'lastname');
  const domain = column('domain', 'company', 'website', 'companywebsite');
  if (first < 0 || last < 0 || domain < 0)
    return { error: 'The first line must name the columns first, last and domain' };
  return {
    rows: lines.slice(1).map((line, index) => {
      const fields = csvFields(line);
      const input = {
        firstName: fields[first] ?? '',
        lastName: fields[last] ?? '',
        domain: fields[domain] ?? '',
      };
      return input.firstName && input.lastName && input.domain
        ? { input }
        : { error: `Row ${index + 2} needs a first name, a last name and a domain` };
    }),
  };
}
