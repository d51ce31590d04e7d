import { constants, crc32, deflateRawSync } from 'node:zlib';

// A one-sheet XLSX of text cells, written directly: the sheet's XML with inline strings, zipped
// with the native zlib. A result of 10,000 rows takes some 100 ms and a few MB, where building
// it through a general spreadsheet library (a cell object each, then a zip in JavaScript) took
// seconds and some 100 MB at every completion.

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const rootRelations = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;

const workbookRelations = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

// Characters XML 1.0 cannot carry are dropped (as spreadsheet writers do); the rest escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what is dropped
const needsWork = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff&<>"]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what is dropped
const invalidXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const special = /[&<>"]/g;
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function xmlText(value: string): string {
  if (!needsWork.test(value)) return value;
  return value.replace(invalidXml, '').replace(special, (char) => entities[char] ?? char);
}

const isSpace = (value: string, at: number) => /\s/.test(value.charAt(at));

function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

const sheetStart =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const sheetEnd = '</sheetData></worksheet>';

export type XlsxSheet = {
  // Appends rows below those added so far.
  add: (rows: string[][]) => void;
  // The XLSX file of every row added.
  finish: () => Buffer;
};

// A sheet built a page of rows at a time. Each row's XML is written into a buffer as UTF-8 at
// once and the buffer deflated whenever it fills: only the compressed bytes are kept, never a
// page's XML as one string (a string built by appending is a tree of pieces that lives until
// it is encoded, which outlived the young generation and doubled a completion's peak memory).
export function createXlsxSheet(): XlsxSheet {
  const sheet = createDeflated();
  const xml = createXmlWriter(sheet.push);
  xml.write(sheetStart);
  const columns: string[] = [];
  let number = 0;
  return {
    add: (rows) => {
      for (const row of rows) {
        number += 1;
        let cells = `<row r="${number}">`;
        row.forEach((value, column) => {
          if (value === '') return;
          columns[column] ??= columnName(column);
          const space = isSpace(value, 0) || isSpace(value, value.length - 1);
          cells += `<c r="${columns[column]}${number}" t="inlineStr"><is><t${space ? ' xml:space="preserve"' : ''}>${xmlText(value)}</t></is></c>`;
        });
        xml.write(`${cells}</row>`);
      }
    },
    finish: () => {
      xml.write(sheetEnd);
      xml.flush();
      const part = (name: string, content: string) => {
        const file = createDeflated();
        file.push(Buffer.from(content, 'utf8'));
        return { name, ...file.finish() };
      };
      return zip([
        part('[Content_Types].xml', contentTypes),
        part('_rels/.rels', rootRelations),
        part('xl/workbook.xml', workbook),
        part('xl/_rels/workbook.xml.rels', workbookRelations),
        part('xl/styles.xml', styles),
        { name: 'xl/worksheets/sheet1.xml', ...sheet.finish() },
      ]);
    },
  };
}

// Text written as UTF-8 into one reused buffer, handed to `output` (which must not keep it)
// each time the next piece might not fit, and at `flush`.
const xmlBufferBytes = 256 * 1024;

function createXmlWriter(output: (data: Buffer) => void) {
  const buffer = Buffer.allocUnsafe(xmlBufferBytes);
  let used = 0;
  const flush = () => {
    if (used > 0) output(buffer.subarray(0, used));
    used = 0;
  };
  return {
    write: (text: string) => {
      // A UTF-16 unit takes at most 3 bytes of UTF-8.
      if (used + text.length * 3 > buffer.length) flush();
      if (text.length * 3 > buffer.length) output(Buffer.from(text, 'utf8'));
      else used += buffer.write(text, used, 'utf8');
    },
    flush,
  };
}

type Deflated = { packed: Buffer; checksum: number; size: number };

// One zip entry's content deflated as it comes: each piece is compressed at once and ends on
// a byte boundary (a sync flush), so the pieces' outputs follow each other as one deflate
// stream, which an empty final block ends. Only the compressed bytes are kept.
function createDeflated(): { push: (data: Buffer) => void; finish: () => Deflated } {
  const packed: Buffer[] = [];
  let checksum = 0;
  let size = 0;
  return {
    push: (data) => {
      packed.push(deflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH }));
      checksum = crc32(data, checksum);
      size += data.length;
    },
    finish: () => ({
      packed: Buffer.concat([...packed, deflateRawSync(Buffer.alloc(0))]),
      checksum,
      size,
    }),
  };
}

// What a zip entry's local header and its central directory record both say, from `at`:
// the version needed, UTF-8 names, deflate, a fixed date (1980-01-01), the checksum, the sizes
// and the name's length.
function writeEntry(
  header: Buffer,
  at: number,
  entry: { checksum: number; packed: number; size: number; name: number },
): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(0x0800, at + 2);
  header.writeUInt16LE(8, at + 4);
  header.writeUInt16LE(0, at + 6);
  header.writeUInt16LE(0x21, at + 8);
  header.writeUInt32LE(entry.checksum, at + 10);
  header.writeUInt32LE(entry.packed, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.name, at + 22);
}

// A zip archive of the given deflated files, in order (no extra fields, no comment).
function zip(files: Array<{ name: string } & Deflated>): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const entry = {
      checksum: file.checksum,
      packed: file.packed.length,
      size: file.size,
      name: name.length,
    };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    writeEntry(header, 4, entry);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    writeEntry(record, 6, entry);
    record.writeUInt32LE(offset, 42);
    local.push(header, name, file.packed);
    central.push(record, name);
    offset += header.length + name.length + file.packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}
