import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildWebIfChanged, webBuildIsCurrent, webSourceHash } from './build-web.ts';

// A repository in miniature: what the web build reads, and a built dist with its stamp.
function write(root: string, path: string, content: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

describe('npm start builds the web app only when its sources changed', () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'mailhound-build-web-'));
    write(root, 'apps/web/index.html', '<div id="root"></div>');
    write(root, 'apps/web/src/main.tsx', 'render();');
    write(root, 'packages/contracts/src/index.ts', 'export const TOAST_MS = 5000;');
    write(root, 'package-lock.json', '{}');
    write(root, 'apps/server/src/main.ts', 'serve();');
    write(root, 'apps/web/dist/index.html', '<script src="/assets/index.js"></script>');
    write(root, 'apps/web/dist/.build-hash', `${webSourceHash(root)}\n`);
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('keeps the build when nothing it is built from changed, even the server', () => {
    write(root, 'apps/server/src/main.ts', 'serve(differently);');
    expect(webBuildIsCurrent(root)).toBe(true);
  });

  it('builds again after an edit to a screen, to the contracts or to the lockfile', () => {
    for (const [path, content] of [
      ['apps/web/src/main.tsx', 'render(other);'],
      ['packages/contracts/src/index.ts', 'export const TOAST_MS = 6000;'],
      ['package-lock.json', '{"lockfileVersion":3}'],
    ] as const) {
      const copy = mkdtempSync(join(tmpdir(), 'mailhound-build-web-'));
      try {
        cpSync(root, copy, { recursive: true });
        write(copy, path, content);
        expect(webBuildIsCurrent(copy), path).toBe(false);
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    }
  });

  it('builds again after a new source file or when dist is gone', () => {
    write(root, 'apps/web/src/features/new-screen.tsx', 'export {};');
    expect(webBuildIsCurrent(root)).toBe(false);
    write(root, 'apps/web/dist/.build-hash', `${webSourceHash(root)}\n`);
    expect(webBuildIsCurrent(root)).toBe(true);
    rmSync(join(root, 'apps/web/dist/index.html'));
    expect(webBuildIsCurrent(root)).toBe(false);
  });
});

describe('the web build', () => {
  it('is the production build even when a test runner builds it (NODE_ENV=test)', () => {
    expect(process.env.NODE_ENV).toBe('test');
    // The build the browser tests' setup made, or one made now, as `npm start` would.
    buildWebIfChanged({ quiet: true });
    const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const code = Object.values(manifest)
      .filter((chunk) => chunk.file.endsWith('.js'))
      .map((chunk) => readFileSync(join(dist, chunk.file), 'utf8'))
      .join('\n');
    // A warning only React's development build carries.
    expect(code.includes('createRoot')).toBe(true);
    expect(code.includes('Each child in a list should have a unique'), 'React dev build').toBe(
      false,
    );
  }, 120_000);
});
