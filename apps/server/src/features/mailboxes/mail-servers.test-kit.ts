import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { ImapFlow } from 'imapflow';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../platform/embedded-postgres.ts';
import { imapClient } from '../../platform/mail/connections.ts';

export type MailAccount = { user: string; password: string };
export type RunningServer = { port: number; stop: () => Promise<void> };

// The account's owner in their own mail client (a reply arriving, a provider filing Sent),
// logged in to a test IMAP server; imapflow's own timeouts.
export async function signInToImap(
  server: Pick<RunningServer, 'port'>,
  account: MailAccount,
): Promise<ImapFlow> {
  const client = imapClient(
    { host: '127.0.0.1', address: '127.0.0.1', port: server.port },
    account,
    {
      timeoutMs: 90_000,
      socketTimeoutMs: 5 * 60_000,
    },
  );
  await client.connect();
  return client;
}

// An SMTP server with AUTH on loopback, without TLS (nodemailer then logs in in clear).
export async function startSmtpServer(accounts: MailAccount[]): Promise<RunningServer> {
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // stop() ends a pooled transport's leftover connection after 100 ms, not after 30 s.
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      const known = accounts.some(
        (account) => account.user === auth.username && account.password === auth.password,
      );
      if (known) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, stop: () => new Promise((done) => server.close(() => done())) };
}

const dovecotBinary = '/usr/sbin/dovecot';

// Debian's dovecot-imapd; as root with apt-get the setup installs it, like e2e/chromium.ts
// does for Chromium.
function ensureDovecot(): string {
  if (existsSync(dovecotBinary)) return dovecotBinary;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error('Mailbox tests need an IMAP server: apt-get install -y dovecot-imapd');
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'dovecot-imapd'], {
      stdio: 'inherit',
      env,
    });
  try {
    install();
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    install();
  }
  if (!existsSync(dovecotBinary)) throw new Error('apt-get finished but dovecot is missing');
  return dovecotBinary;
}

async function waitForGreeting(port: number, process: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (process.exitCode !== null) throw new Error(`dovecot exited with ${process.exitCode}`);
    const greeted = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('data', (data) => {
        socket.destroy();
        done(data.toString().startsWith('* OK'));
      });
      socket.once('error', () => done(false));
    });
    if (greeted) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('dovecot did not answer on its IMAP port');
}

// A throwaway dovecot: its own config, a passwd-file of the accounts, IMAP on 127.0.0.1 only.
// Dovecot's capabilities without IDLE: a server that has to be polled.
const withoutIdle =
  'IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE SORT THREAD=REFERENCES MULTIAPPEND UNSELECT CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED I18NLEVEL=1 CONDSTORE QRESYNC ESEARCH SEARCHRES WITHIN CONTEXT=SEARCH LIST-STATUS BINARY MOVE LITERAL+ SPECIAL-USE';

export async function startImapServer(
  accounts: MailAccount[],
  options: { idle?: boolean } = {},
): Promise<RunningServer> {
  const binary = ensureDovecot();
  const dir = mkdtempSync(join(tmpdir(), 'mailhound-imap-'));
  chmodSync(dir, 0o755);
  const mail = join(dir, 'mail');
  mkdirSync(mail);
  chmodSync(mail, 0o777);
  const passwd = join(dir, 'passwd');
  writeFileSync(
    passwd,
    accounts.map((account) => `${account.user}:{PLAIN}${account.password}\n`).join(''),
  );
  chmodSync(passwd, 0o644);
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // As root dovecot drops to its own users; otherwise everything runs as the caller.
  const me = userInfo().username;
  const [internalUser, loginUser] = asRoot ? ['dovecot', 'dovenull'] : [me, me];
  const config = join(dir, 'dovecot.conf');
  writeFileSync(
    config,
    `instance_name = mailhound-test-${port}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
# Trusted clients skip the growing delay dovecot puts on repeated failed logins.
login_trusted_networks = 127.0.0.0/8
mail_location = maildir:${mail}/%u
default_internal_user = ${internalUser}
default_login_user = ${loginUser}
${options.idle === false ? `imap_capability = ${withoutIdle}` : ''}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${passwd}
}
userdb {
  driver = static
  args = ${asRoot ? 'uid=nobody gid=nogroup ' : ''}home=${mail}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`,
  );
  const child = spawn(binary, ['-F', '-c', config], { stdio: 'ignore' });
  try {
    await waitForGreeting(port, child);
  } catch (error) {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Mail arriving: the test puts it straight into the account's INBOX over IMAP.
export async function deliverToInbox(
  imapPort: number,
  account: MailAccount,
  ...messages: string[]
) {
  const client = await signInToImap({ port: imapPort }, account);
  for (const message of messages) await client.append('INBOX', message);
  await client.logout();
}
