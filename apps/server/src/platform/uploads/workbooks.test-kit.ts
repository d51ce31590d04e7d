import { Deflate, strToU8, zipSync } from 'fflate';

// Workbooks for the upload tests and the hostile-upload bench, built in memory: a plain XLSX
// of text rows, one with a huge shared string, and a ZIP whose sizes lie.

// Control characters and lone surrogates cannot be XML text: Excel writes them as _xHHHH_.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what is escaped
const notXmlText = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|\p{Surrogate}/gu;
const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replace(
      notXmlText,
      (char) => `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
    );

function column(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

const workbookParts = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml':
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
};

// An XLSX of text cells: each distinct text once in the shared strings, as Excel writes them.
export function xlsxOf(rows: string[][]): Buffer {
  const strings = new Map<string, number>();
  const index = (text: string) => {
    const known = strings.get(text);
    if (known !== undefined) return known;
    strings.set(text, strings.size);
    return strings.size - 1;
  };
  const sheetRows = rows.map(
    (row, r) =>
      `<row r="${r + 1}">${row
        .map((text, c) => `<c r="${column(c)}${r + 1}" t="s"><v>${index(text)}</v></c>`)
        .join('')}</row>`,
  );
  const shared = [...strings.keys()].map((text) => `<si><t>${escapeXml(text)}</t></si>`);
  return Buffer.from(
    zipSync({
      ...Object.fromEntries(
        Object.entries(workbookParts).map(([name, text]) => [name, strToU8(text)]),
      ),
      'xl/worksheets/sheet1.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
      ),
      'xl/sharedStrings.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${shared.length}" uniqueCount="${shared.length}">${shared.join('')}</sst>`,
      ),
    }),
  );
}

// A header and one row whose first cell holds `length` characters: a few tens of kB zipped.
export function xlsxWithHugeCell(header: string[], length: number): Buffer {
  return xlsxOf([header, ['a'.repeat(length), ...header.slice(1).map(() => 'x')]]);
}

// A one-column sheet of `rows` addresses under an "Email" header.
export function xlsxOfEmails(rows: number): Buffer {
  return xlsxOf([['Email'], ...Array.from({ length: rows }, (_, i) => [`p${i % 1000}@acme.com`])]);
}

const localHeader = 0x04034b50;
const centralHeader = 0x02014b50;

// A workbook whose sheet inflates to `inflatedBytes` (empty rows) while its ZIP headers
// declare every entry at most `declaredBytes`: a zip bomb that lies about its size.
export function lyingZipBomb(inflatedBytes: number, declaredBytes = 1024): Buffer {
  const chunk = strToU8('<row/>'.repeat(1 << 18));
  const pieces: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (data) => pieces.push(data));
  deflate.push(
    strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    ),
  );
  for (let written = 0; written < inflatedBytes; written += chunk.length) deflate.push(chunk);
  deflate.push(strToU8('</sheetData></worksheet>'), true);
  const placeholder = 'x';
  const zip = Buffer.from(
    zipSync({
      ...Object.fromEntries(
        Object.entries(workbookParts).map(([name, text]) => [name, strToU8(text)]),
      ),
      'xl/worksheets/sheet1.xml': [strToU8(placeholder), { level: 0 }],
    }),
  );
  // Swap the stored placeholder for the deflated sheet and rewrite its headers.
  const sheet = Buffer.concat(pieces);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = zip.indexOf(Buffer.concat([Buffer.from([0, 0]), name])) - 28;
  const nameLength = zip.readUInt16LE(local + 26);
  const extraLength = zip.readUInt16LE(local + 28);
  const dataAt = local + 30 + nameLength + extraLength;
  const before = Buffer.from(zip.subarray(0, dataAt));
  const after = Buffer.from(zip.subarray(dataAt + placeholder.length));
  const shift = sheet.length - placeholder.length;
  const patch = (header: Buffer, at: number) => {
    header.writeUInt16LE(8, at + 10 - (header.readUInt32LE(at) === centralHeader ? 0 : 2));
    header.writeUInt32LE(0, at + (header.readUInt32LE(at) === centralHeader ? 16 : 14));
    header.writeUInt32LE(sheet.length, at + (header.readUInt32LE(at) === centralHeader ? 20 : 18));
    header.writeUInt32LE(
      Math.min(declaredBytes, inflatedBytes),
      at + (header.readUInt32LE(at) === centralHeader ? 24 : 22),
    );
  };
  if (before.readUInt32LE(local) !== localHeader) throw new Error('local header not found');
  patch(before, local);
  // The central directory follows the data: its entry for the sheet, and the end record's
  // offset of the directory.
  const central = after.indexOf(Buffer.concat([name]), 0) - 46;
  if (after.readUInt32LE(central) !== centralHeader) throw new Error('central entry not found');
  patch(after, central);
  for (let at = 0; at + 4 <= after.length; at += 1) {
    if (after.readUInt32LE(at) === centralHeader) {
      const offset = after.readUInt32LE(at + 42);
      if (offset > local) after.writeUInt32LE(offset + shift, at + 42);
    }
  }
  const end = after.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  after.writeUInt32LE(after.readUInt32LE(end + 16) + shift, end + 16);
  return Buffer.concat([before, sheet, after]);
}
