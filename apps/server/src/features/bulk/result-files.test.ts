import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { createResultFiles, type ResultRow } from './result-files.ts';

const header = ['First Name', 'Last Name', 'Website'];
const rows: ResultRow[] = Array.from({ length: 7 }, (_, index) => ({
  cells: [`Ann${index}`, `Lee${index}`, 'acme.test'],
  email: index % 2 === 0 ? `ann${index}.lee${index}@acme.test` : null,
  score: index % 2 === 0 ? 99 : 0,
  error: null,
  verdict: null,
}));

function filesOf(pages: ResultRow[][]) {
  const files = createResultFiles('list.csv', header);
  for (const page of pages) files.add(page);
  return files.finish();
}

describe('result files built a page of rows at a time', () => {
  it('are the files of the whole list at once, found rows in the found files', async () => {
    const paged = filesOf([rows.slice(0, 3), rows.slice(3, 5), rows.slice(5)]);
    const whole = filesOf([rows]);
    expect(paged.map((file) => file.kind)).toEqual([
      'full.csv',
      'full.xlsx',
      'success.csv',
      'success.xlsx',
    ]);
    // The same text and the same cells (the XLSX bytes differ where its pieces were deflated).
    for (const [index, file] of paged.entries()) {
      const other = whole[index]?.content ?? Buffer.alloc(0);
      if (file.kind.endsWith('.csv')) expect(file.content.equals(other)).toBe(true);
      else expect(await readSheet(file.content)).toEqual(await readSheet(other));
    }
    const csv = (kind: string) =>
      paged.find((file) => file.kind === kind)?.content.toString('utf8') ?? '';
    expect(csv('full.csv').trim().split('\r\n')).toHaveLength(8);
    expect(csv('success.csv').trim().split('\r\n')).toHaveLength(5);
    const sheet = await readSheet(
      paged.find((file) => file.kind === 'success.xlsx')?.content ?? Buffer.alloc(0),
    );
    expect(sheet.map((row) => row[3])).toEqual([
      'Email',
      'ann0.lee0@acme.test',
      'ann2.lee2@acme.test',
      'ann4.lee4@acme.test',
      'ann6.lee6@acme.test',
    ]);
  });
});
