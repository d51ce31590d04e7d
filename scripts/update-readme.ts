import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

// Rewrites the configuration table of README.md (between its markers) from config.ts.
const root = resolve(import.meta.dirname, '..');
const readmePath = resolve(root, 'README.md');
const table = execFileSync(process.execPath, [resolve(root, 'scripts/config-table.ts')], {
  encoding: 'utf8',
});
const start = '<!-- config-table:start -->';
const end = '<!-- config-table:end -->';
const readme = readFileSync(readmePath, 'utf8');
const before = readme.slice(0, readme.indexOf(start) + start.length);
const after = readme.slice(readme.indexOf(end));
if (!readme.includes(start) || !readme.includes(end)) throw new Error('README markers missing');
writeFileSync(readmePath, `${before}\n${table}${after}`);
