import { describe, expect, it } from 'vitest';
import { finderConfigFromEnv } from './config.ts';

describe('finderConfigFromEnv', () => {
  it('has safe defaults', () => {
    const config = finderConfigFromEnv({});
    expect(config).toMatchObject({
      smtpPort: 25,
      allowPrivateMx: false,
      concurrency: 64,
      perHostConcurrency: 4,
    });
    expect(config.heloName).not.toBe('');
  });

  it('reads every FINDER_* variable', () => {
    const config = finderConfigFromEnv({
      FINDER_RESOLVERS: '127.0.0.1:5353, 10.0.0.1',
      FINDER_HELO_NAME: 'probe.example.net',
      FINDER_MAIL_FROM: 'check@example.net',
      FINDER_LOCAL_ADDRESS: '127.0.0.1',
      FINDER_SMTP_PORT: '2525',
      FINDER_CONNECT_TIMEOUT_MS: '500',
      FINDER_COMMAND_TIMEOUT_MS: '700',
      FINDER_CONCURRENCY: '10',
      FINDER_PER_HOST_CONCURRENCY: '2',
      FINDER_BUSY_BACKOFF_MS: '500',
      FINDER_SOCKS_PROXY: 'socks5://127.0.0.1:1080',
      FINDER_ALLOW_PRIVATE_MX: 'true',
    });
    expect(config).toMatchObject({
      resolvers: ['127.0.0.1:5353', '10.0.0.1'],
      heloName: 'probe.example.net',
      mailFrom: 'check@example.net',
      localAddress: '127.0.0.1',
      smtpPort: 2525,
      connectTimeoutMs: 500,
      commandTimeoutMs: 700,
      concurrency: 10,
      perHostConcurrency: 2,
      busyBackoffMs: 500,
      socksProxy: 'socks5://127.0.0.1:1080',
      allowPrivateMx: true,
    });
  });

  it('rejects invalid values', () => {
    expect(() => finderConfigFromEnv({ FINDER_SMTP_PORT: 'abc' })).toThrow();
    expect(() => finderConfigFromEnv({ FINDER_ALLOW_PRIVATE_MX: 'maybe' })).toThrow();
  });
});
