import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from './temp-dir.ts';

describe('a test temporary folder', () => {
  let passed = '';
  let failed = '';

  it('is the test’s own, in the system temporary directory', () => {
    passed = testTempDir('temp-dir');
    writeFileSync(join(passed, 'jwt-secret'), 'secret');
    expect(existsSync(passed)).toBe(true);
  });

  it.fails('is removed also when its test fails', () => {
    failed = testTempDir('temp-dir');
    writeFileSync(join(failed, 'jwt-secret'), 'secret');
    throw new Error('the test failed');
  });

  it('was removed with what it held once each test ended', () => {
    expect(existsSync(passed)).toBe(false);
    expect(existsSync(failed)).toBe(false);
  });
});
