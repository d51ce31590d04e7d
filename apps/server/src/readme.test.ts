import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeConfig, repoRoot } from './config.ts';

describe('the README', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

  it('lists every environment variable the server reads, with its default', () => {
    const missing = describeConfig().filter(
      (variable) => !readme.includes(`| \`${variable.name}\``),
    );
    expect(missing.map((variable) => variable.name)).toEqual([]);
  });

  it('gives the two commands: run the app and run the tests', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });
});
