import type { MailLab } from '@mailhound/mail-lab';

// The app's finder pointed at a mail lab: its DNS and SMTP servers on this machine, with short
// timeouts so that a silent server fails a test quickly.
export function labFinderEnv(lab: MailLab): Record<string, string> {
  return {
    FINDER_RESOLVERS: lab.dnsServer,
    FINDER_SMTP_PORT: String(lab.smtpPort),
    FINDER_ALLOW_PRIVATE_MX: 'true',
    FINDER_CONNECT_TIMEOUT_MS: '2000',
    FINDER_COMMAND_TIMEOUT_MS: '2000',
  };
}
