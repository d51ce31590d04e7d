import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { mailboxMessages } from '@mailhound/contracts';
import { isPrivateAddress } from '@mailhound/finder';
import { badRequest } from '../../platform/errors.ts';
import { unresolvedHost } from './mail-errors.ts';

export type ResolvedHost = { host: string; address: string } | { host: string; error: string };

// Where the server may connect for a user's mailbox: every address the name resolves to must
// be public (SSRF guard) unless MAIL_ALLOW_PRIVATE_HOSTS. The connection then goes to the
// address checked here, so a second DNS answer cannot point it elsewhere.
export async function resolveMailHost(host: string, allowPrivate: boolean): Promise<ResolvedHost> {
  const name = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (net.isIP(name)) {
    addresses = [name];
  } else {
    try {
      addresses = (await lookup(name, { all: true, verbatim: true })).map((found) => found.address);
    } catch (error) {
      // A name that does not resolve is the user's to fix: the mailbox is saved with the error.
      return { host, error: unresolvedHost(host, (error as NodeJS.ErrnoException).code) };
    }
  }
  if (!allowPrivate && addresses.some(isPrivateAddress)) {
    throw badRequest(mailboxMessages.hostNotAllowed);
  }
  const address = addresses[0];
  if (!address) return { host, error: unresolvedHost(host, undefined) };
  return { host, address };
}
