// A mailbox check that fails says what went wrong in words a user can act on, with the
// server's own words kept where they help (a refused login's reply).

type MailError = {
  code?: string;
  responseCode?: number;
  responseText?: string;
  response?: string;
  message?: string;
  authenticationFailed?: boolean;
  serverResponseCode?: string;
};

export type MailEndpoint = { host: string; port: number };

const appPasswordHint =
  'Check the e-mail and password; Gmail, Google Workspace, Microsoft 365, Yahoo and Zoho need an app password.';

const tlsCodes =
  /^(ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT)/;
const tlsWords = /\b(ssl|tls|certificate|wrong version number)\b/i;

function serverWords(found: MailError): string {
  return (found.responseText ?? found.response ?? found.message ?? found.code ?? 'unknown error')
    .replace(/\s+/g, ' ')
    .trim();
}

// DNS answers (ENOTFOUND, EAI_AGAIN...) for a host name that does not resolve.
export function unresolvedHost(host: string, code: string | undefined): string {
  if (code === 'EAI_AGAIN' || code === 'ETIMEOUT' || code === 'ESERVFAIL') {
    return `We could not look up the server ${host} right now (DNS did not answer). Try again in a minute.`;
  }
  return `We could not find the server ${host}. Check the host name.`;
}

export function mailConnectionProblem(endpoint: MailEndpoint, error: unknown): string {
  const found = (error ?? {}) as MailError;
  const { host, port } = endpoint;
  const code = found.code ?? '';
  const text = serverWords(found);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
    return unresolvedHost(host, code);
  }
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(text)) {
    return `${host} refused the connection on port ${port}. Check the port (SMTP: 587 or 465, IMAP: 993 or 143).`;
  }
  if (
    found.authenticationFailed === true ||
    code === 'EAUTH' ||
    found.serverResponseCode === 'AUTHENTICATIONFAILED'
  ) {
    return `${host} refused the login (${text}). ${appPasswordHint}`;
  }
  if (tlsCodes.test(code) || tlsWords.test(text)) {
    return `The secure connection to ${host}:${port} failed (${text}). Ports 465 and 993 use TLS from the start, 587 and 143 start it after connecting; check the port and the server's certificate.`;
  }
  if (
    code === 'ETIMEDOUT' ||
    code === 'ETIMEOUT' ||
    code === 'CONNECT_TIMEOUT' ||
    code === 'GREETING_TIMEOUT' ||
    /timed? ?out|timeout/i.test(text)
  ) {
    return `${host} did not answer on port ${port} in time. Check the host and port, and that the server accepts connections from here.`;
  }
  if (code === 'ECONNRESET' || code === 'EPIPE') {
    return `${host} closed the connection on port ${port} (${text}). Check the port and whether the server needs TLS.`;
  }
  return `${host}: ${text}`;
}
