import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

// A folder in the system's temporary directory for one test, removed when the test ends,
// passed or failed (a DATA_DIR holds generated secrets).
export function testTempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `mailhound-${name}-`));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
