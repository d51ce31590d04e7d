import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// Test helpers are `<name>.test-kit.ts(x)` beside what they help test, or live in an app's
// src/test/ folder (issue 21). Production code must never reach them: they start fake servers,
// log users in, and would ship in the bundle. This lists every place in the apps' and packages'
// production files that names one: an import, a dynamic import, or a path in a string.

const testFile = /\.(test|e2e|test-kit)\.tsx?$/;
const kitReference =
  /['"`]([^'"`\n]*\.test-kit\.tsx?|\.{1,2}\/(?:[^'"`\n]*\/)?test\/[^'"`\n]*)['"`]/g;

function productionFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return entry === 'test' ? [] : productionFiles(path);
    const isSource = /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts');
    return isSource && !testFile.test(entry) ? [path] : [];
  });
}

function sourceFolders(root: string): string[] {
  return ['apps', 'packages'].flatMap((parent) => {
    const folder = join(root, parent);
    return readdirSync(folder)
      .map((name) => join(folder, name, 'src'))
      .filter((src) => statSync(src, { throwIfNoEntry: false })?.isDirectory());
  });
}

// 'apps/web/src/main.tsx names ./features/bulk/bulk.test-kit.ts', one line per reference.
export function testKitImports(root: string): string[] {
  const references = sourceFolders(root).flatMap((src) =>
    productionFiles(src).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(kitReference)].map(
        (match) => `${relative(root, file)} names ${match[1]}`,
      ),
    ),
  );
  return references.sort();
}
