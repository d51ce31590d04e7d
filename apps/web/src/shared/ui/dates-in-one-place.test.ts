import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceRoot = join(import.meta.dirname, '../..');
const formatting = /new Intl\.(DateTimeFormat|RelativeTimeFormat)|toLocale(Date|Time)String/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('date formats', () => {
  it('are made in shared/ui/dates.ts only, so that one kind of date reads one way', () => {
    const elsewhere = sourceFiles(sourceRoot)
      .filter((path) => formatting.test(readFileSync(path, 'utf8')))
      .map((path) => relative(sourceRoot, path));
    expect(elsewhere).toEqual(['shared/ui/dates.ts']);
  });
});
