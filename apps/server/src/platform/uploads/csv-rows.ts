// Rows of an uploaded CSV, read the way a spreadsheet user expects. A field that starts with
// a double quote is a quoted field (RFC 4180: delimiters, line breaks and doubled quotes
// inside) only when its closing quote ends the field; otherwise every quote in it is an
// ordinary character, so `John,O"Brien,acme.com` or `"Bob" Jr,Lee,acme.com` stay one row
// instead of swallowing the lines after them (papaparse's reading).

const delimiters = [',', ';', '\t', '|'];
const delimiterSample = 64 * 1024;
const delimiterRows = 10;

// Where each run of double quotes starts, and for each run the first run from it on of odd
// length: pairs in a run are escaped quotes, the odd one out of an odd run closes a field.
function quoteRuns(text: string) {
  const starts: number[] = [];
  const lengths: number[] = [];
  for (let at = text.indexOf('"'); at >= 0; at = text.indexOf('"', at)) {
    const start = at;
    while (text[at] === '"') at += 1;
    starts.push(start);
    lengths.push(at - start);
  }
  const nextOdd: number[] = new Array(starts.length);
  let odd = -1;
  for (let run = starts.length - 1; run >= 0; run -= 1) {
    if ((lengths[run] ?? 0) % 2 === 1) odd = run;
    nextOdd[run] = odd;
  }
  const runAt = new Map(starts.map((start, run) => [start, run]));
  return { starts, lengths, nextOdd, runAt };
}

type CsvTable = {
  rows: string[][];
  // Each row's record number, 1 for the first line, blank lines counted: the row a user sees.
  rowNumbers: number[];
};

function splitRows(text: string, delimiter: string, maxRows: number): CsvTable {
  const runs = quoteRuns(text);
  const isFieldEnd = (at: number) =>
    at >= text.length || text[at] === delimiter || text[at] === '\n' || text[at] === '\r';
  // The quote closing a field opened at `open` (a run's start), or -1 when it has none.
  const closingQuote = (open: number): number => {
    const first = runs.runAt.get(open);
    if (first === undefined) return -1;
    const length = runs.lengths[first] ?? 0;
    const close =
      length % 2 === 0
        ? open + length - 1
        : (() => {
            const odd = runs.nextOdd[first + 1] ?? -1;
            return odd < 0 ? -1 : (runs.starts[odd] ?? 0) + (runs.lengths[odd] ?? 0) - 1;
          })();
    return close >= 0 && isFieldEnd(close + 1) ? close : -1;
  };

  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  let row: string[] = [];
  let record = 0;
  const endRow = () => {
    record += 1;
    // Blank lines (only spaces and delimiters) are no rows, as spreadsheets show them.
    if (row.some((cell) => cell.trim() !== '')) {
      rows.push(row);
      rowNumbers.push(record);
    }
    row = [];
  };
  let at = 0;
  while (rows.length < maxRows) {
    const close = text[at] === '"' ? closingQuote(at) : -1;
    let end = close + 1;
    if (close >= 0) {
      row.push(text.slice(at + 1, close).replaceAll('""', '"'));
    } else {
      end = at;
      while (!isFieldEnd(end)) end += 1;
      row.push(text.slice(at, end));
    }
    if (end >= text.length) {
      endRow();
      break;
    }
    if (text[end] === delimiter) {
      at = end + 1;
      continue;
    }
    endRow();
    at = end + (text[end] === '\r' && text[end + 1] === '\n' ? 2 : 1);
    if (at >= text.length) break;
  }
  return { rows, rowNumbers };
}

// The delimiter that splits the first rows into the most columns, most consistently; a
// one-column list reads with ','.
function guessDelimiter(text: string): string {
  const sample = text.slice(0, delimiterSample);
  let best = { delimiter: ',', consistent: 0, columns: 1 };
  for (const delimiter of delimiters) {
    const { rows } = splitRows(sample, delimiter, delimiterRows);
    const columns = rows[0]?.length ?? 0;
    if (columns < 2) continue;
    const consistent = rows.filter((row) => row.length === columns).length;
    if (
      consistent > best.consistent ||
      (consistent === best.consistent && columns > best.columns)
    ) {
      best = { delimiter, consistent, columns };
    }
  }
  return best.delimiter;
}

// The non-blank rows of the text, at most `maxRows` of them (so an oversized file is not
// read to its end), with their numbers.
export function readCsvTable(text: string, maxRows = Number.POSITIVE_INFINITY): CsvTable {
  const body = text.replace(/^\uFEFF/, '');
  return splitRows(body, guessDelimiter(body), maxRows);
}

export function readCsvRows(text: string, maxRows = Number.POSITIVE_INFINITY): string[][] {
  return readCsvTable(text, maxRows).rows;
}
