import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

// `npm run dev`: the API (restarted on change) and Vite's dev server with its proxy to it.
const root = resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch-path=apps/server/src', 'apps/server/src/main.ts', 'start'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js')], {
    cwd: resolve(root, 'apps/web'),
    stdio: 'inherit',
  }),
];

function stopAll(signal: NodeJS.Signals) {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
for (const child of children) child.on('exit', () => stopAll('SIGTERM'));
