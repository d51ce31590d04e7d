import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testKitImports } from './test-kit-imports.ts';

function write(root: string, path: string, content: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

describe('production code never imports a test kit', () => {
  it('holds for this repository', () => {
    expect(testKitImports(resolve(import.meta.dirname, '..'))).toEqual([]);
  });

  describe('in a repository in miniature', () => {
    let root: string;

    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'mailhound-test-kits-'));
      write(root, 'apps/web/src/features/bulk/bulk.test-kit.ts', 'export const item = {};');
      write(root, 'apps/web/src/test/fake-server.ts', 'export const fake = {};');
      write(root, 'packages/contracts/src/index.ts', "export * from './bulk.ts';");
    });

    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('lets tests and kits import kits and the test folder', () => {
      write(
        root,
        'apps/web/src/features/bulk/bulk-page.test.tsx',
        "import { item } from './bulk.test-kit.ts';\nimport { fake } from '../../test/fake-server.ts';",
      );
      write(
        root,
        'apps/web/src/features/lookalike/lookalike.test-kit.ts',
        "export { item } from '../bulk/bulk.test-kit.ts';",
      );
      expect(testKitImports(root)).toEqual([]);
    });

    it('names the production file that imports a kit, the test folder, or spawns a kit', () => {
      write(
        root,
        'apps/web/src/features/bulk/bulk-page.tsx',
        "import { item } from './bulk.test-kit.ts';\nconst fake = await import('../../test/fake-server.ts');",
      );
      write(
        root,
        'packages/contracts/src/worker.ts',
        "spawn(process.execPath, [join(import.meta.dirname, 'crash-worker.test-kit.ts')]);",
      );
      expect(testKitImports(root)).toEqual([
        'apps/web/src/features/bulk/bulk-page.tsx names ../../test/fake-server.ts',
        'apps/web/src/features/bulk/bulk-page.tsx names ./bulk.test-kit.ts',
        'packages/contracts/src/worker.ts names crash-worker.test-kit.ts',
      ]);
    });
  });
});
