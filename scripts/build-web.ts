// `npm start` (and the browser tests' setup) build the web app only when what it is built from
// changed: a hash of its sources, its configs, the contracts it imports and the lockfile,
// compared with the one written beside the last build. `--force` builds anyway.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const stampPath = 'apps/web/dist/.build-hash';

// Everything `vite build` reads from the repository.
const inputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/tsconfig.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
  // How it builds: a build made before a change here is not current either.
  'scripts/build-web.ts',
];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

export function webSourceHash(root = repoRoot): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(join(root, input))) {
      hash.update(`${relative(root, file)}\0`);
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

// The web app in apps/web/dist was built from the sources as they are now.
export function webBuildIsCurrent(root = repoRoot): boolean {
  const stamp = join(root, stampPath);
  return (
    existsSync(join(root, 'apps/web/dist/index.html')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === webSourceHash(root)
  );
}

// True when it built, false when dist was up to date.
export function buildWebIfChanged(options: { force?: boolean; quiet?: boolean } = {}): boolean {
  if (!options.force && webBuildIsCurrent()) return false;
  // The hash of the sources the build starts from: an edit during the build builds again.
  const hash = webSourceHash();
  execFileSync(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: join(repoRoot, 'apps/web'),
    stdio: options.quiet ? 'ignore' : ['ignore', 'ignore', 'inherit'],
    // Vite builds React's development code when NODE_ENV says so, as Vitest's does (test) for
    // the browser tests' build, which `npm start` then serves: always the production build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  writeFileSync(join(repoRoot, stampPath), `${hash}\n`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  if (buildWebIfChanged({ force: process.argv.includes('--force') })) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`web app built in ${seconds} s (apps/web/dist)\n`);
  }
}
