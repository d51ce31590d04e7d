import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const base = { JWT_SECRET: 'x'.repeat(32), ALTCHA_HMAC_KEY: 'k'.repeat(32) };
let dataDir: string | undefined;

afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

describe('mailbox configuration', () => {
  it('generates MAILBOX_SECRET_KEY once into DATA_DIR (mode 600) when unset', () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mailhound-mailbox-key-'));
    const first = loadConfig({ ...base, DATA_DIR: dataDir });
    const file = join(dataDir, 'mailbox-secret-key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.mailboxes.secretKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ ...base, DATA_DIR: dataDir }).mailboxes.secretKey).toBe(
      first.mailboxes.secretKey,
    );
  });

  it('uses MAILBOX_SECRET_KEY when set, and refuses private hosts unless allowed', () => {
    const config = loadConfig({ ...base, MAILBOX_SECRET_KEY: 'operator-key' });
    expect(config.mailboxes).toEqual({ secretKey: 'operator-key', allowPrivateHosts: false });
    const allowed = loadConfig({
      ...base,
      MAILBOX_SECRET_KEY: 'operator-key',
      MAIL_ALLOW_PRIVATE_HOSTS: 'true',
    });
    expect(allowed.mailboxes.allowPrivateHosts).toBe(true);
  });
});
