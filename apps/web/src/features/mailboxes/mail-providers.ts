// Provider presets of the Add Mailbox form: the hosts and ports each provider documents, and
// the password it wants from a program (most need an app password, not the account's own).
export type MailProvider = {
  id: string;
  label: string;
  smtp_host: string;
  smtp_port: string;
  imap_host: string;
  imap_port: string;
  passwordHint: string;
};

export const mailProviders: readonly MailProvider[] = [
  {
    id: 'google',
    label: 'Gmail / Google Workspace',
    smtp_host: 'smtp.gmail.com',
    smtp_port: '587',
    imap_host: 'imap.gmail.com',
    imap_port: '993',
    passwordHint:
      'Use an app password: turn on 2-Step Verification, then create one under Google Account › Security › App passwords.',
  },
  {
    id: 'microsoft',
    label: 'Microsoft 365 / Outlook',
    smtp_host: 'smtp.office365.com',
    smtp_port: '587',
    imap_host: 'outlook.office365.com',
    imap_port: '993',
    passwordHint:
      'SMTP AUTH must be allowed for the mailbox (Microsoft 365 admin center › Users › Mail › Email apps); with multi-factor sign-in use an app password.',
  },
  {
    id: 'zoho',
    label: 'Zoho Mail',
    smtp_host: 'smtp.zoho.com',
    smtp_port: '587',
    imap_host: 'imap.zoho.com',
    imap_port: '993',
    passwordHint:
      'Create an application-specific password under Zoho Accounts › Security › App Passwords (accounts in the EU use smtp.zoho.eu and imap.zoho.eu).',
  },
  {
    id: 'yahoo',
    label: 'Yahoo Mail',
    smtp_host: 'smtp.mail.yahoo.com',
    smtp_port: '465',
    imap_host: 'imap.mail.yahoo.com',
    imap_port: '993',
    passwordHint: 'Generate an app password under Yahoo Account Security › Generate app password.',
  },
];

export const customProvider = 'custom';
