import { describe, expect, it } from 'vitest';
import { mailConnectionProblem, unresolvedHost } from './mail-errors.ts';

const smtp = { host: 'smtp.gmail.com', port: 587 };

// The errors as nodemailer and imapflow raise them (code, responseCode, authenticationFailed).
describe('a failed mailbox check in words', () => {
  it('a host name that does not resolve', () => {
    expect(
      mailConnectionProblem(smtp, { code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND' }),
    ).toBe('We could not find the server smtp.gmail.com. Check the host name.');
    expect(unresolvedHost('smtp.gmial.com', 'ENOTFOUND')).toBe(
      'We could not find the server smtp.gmial.com. Check the host name.',
    );
    expect(unresolvedHost('smtp.gmail.com', 'EAI_AGAIN')).toMatch(/DNS did not answer/);
  });

  it('a refused connection names the port to check', () => {
    expect(
      mailConnectionProblem(
        { host: 'imap.acme.test', port: 994 },
        { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 10.0.0.1:994' },
      ),
    ).toBe(
      'imap.acme.test refused the connection on port 994. Check the port (SMTP: 587 or 465, IMAP: 993 or 143).',
    );
  });

  it('a refused login keeps the server’s reply and says an app password may be needed', () => {
    const smtpRefusal = {
      code: 'EAUTH',
      responseCode: 535,
      response: '535-5.7.8 Username and Password not accepted.',
      message: 'Invalid login: 535-5.7.8 Username and Password not accepted.',
    };
    expect(mailConnectionProblem(smtp, smtpRefusal)).toBe(
      'smtp.gmail.com refused the login (535-5.7.8 Username and Password not accepted.). Check the e-mail and password; Gmail, Google Workspace, Microsoft 365, Yahoo and Zoho need an app password.',
    );
    const imapRefusal = {
      authenticationFailed: true,
      serverResponseCode: 'AUTHENTICATIONFAILED',
      responseText: 'Invalid credentials (Failure)',
      message: 'Command failed',
    };
    expect(mailConnectionProblem({ host: 'imap.gmail.com', port: 993 }, imapRefusal)).toMatch(
      /^imap\.gmail\.com refused the login \(Invalid credentials \(Failure\)\)\. Check the e-mail/,
    );
  });

  it('a TLS mismatch points at the port and the certificate', () => {
    const wrongVersion = {
      code: 'ESOCKET',
      message: 'A1B2:error:0A00010B:SSL routines:ssl3_get_record:wrong version number',
    };
    expect(mailConnectionProblem({ host: 'mail.acme.test', port: 465 }, wrongVersion)).toMatch(
      /^The secure connection to mail\.acme\.test:465 failed \(.*wrong version number\)\. Ports 465 and 993 use TLS from the start/,
    );
    expect(
      mailConnectionProblem(smtp, { code: 'CERT_HAS_EXPIRED', message: 'certificate has expired' }),
    ).toMatch(/^The secure connection to smtp\.gmail\.com:587 failed/);
  });

  it('a server that does not answer in time', () => {
    expect(mailConnectionProblem(smtp, { code: 'ETIMEDOUT', message: 'Connection timeout' })).toBe(
      'smtp.gmail.com did not answer on port 587 in time. Check the host and port, and that the server accepts connections from here.',
    );
    expect(mailConnectionProblem(smtp, { message: 'Greeting never received' })).toBe(
      'smtp.gmail.com: Greeting never received',
    );
  });
});
