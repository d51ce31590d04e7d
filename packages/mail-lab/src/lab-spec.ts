// The description of a simulated internet: host behaviours are per connection (per IP
// address), mailbox behaviours are per recipient domain, like a shared MX.

export interface LabHost {
  // The MX host name; the lab answers its A record with `address`.
  name: string;
  // A 127.0.0.0/8 address; assigned by the lab when missing.
  address?: string;
  // 'refused': nothing listens; 'silent': accepts the connection and never speaks.
  mode?: 'smtp' | 'refused' | 'silent';
  bannerDelayMs?: number;
  // Tarpit: extra delay before every reply after the banner.
  commandDelayMs?: number;
  // More sessions than this from one client address get `421`.
  maxSessionsPerClient?: number;
  starttls?: boolean;
  // Extra latency for this host's replies, on top of the lab's latencyMs.
  latencyMs?: number;
  // The name its address's reverse DNS (PTR) answers; none when missing.
  ptr?: string;
}

export interface LabMx {
  priority: number;
  host: string;
}

export interface LabPerson {
  firstName: string;
  lastName: string;
  // The person's real address, or null when they have none at this domain.
  email: string | null;
  // The pattern their address follows, or null for an exception no pattern produces.
  pattern: string | null;
}

export interface LabDomain {
  name: string;
  nxdomain?: boolean;
  // Missing: no MX records at all (the implicit MX of RFC 5321 §5.1 applies).
  mx?: LabMx[];
  // RFC 7505: a single `0 .` record, the domain accepts no mail.
  nullMx?: boolean;
  // Host names or addresses answered for the domain's own A / AAAA queries.
  a?: string[];
  aaaa?: string[];
  txt?: string[];
  cname?: string;
  // Local parts that exist; every other one gets `550 5.1.1`.
  mailboxes?: string[];
  catchAll?: boolean;
  // Mailboxes that exist but take no mail: `552 5.2.2` (full) and `550 5.2.1` (disabled).
  fullMailboxes?: string[];
  disabledMailboxes?: string[];
  // Greylisting: `451 4.7.1` until this long after the first attempt of a triple.
  greylistMs?: number;
  // Microsoft style `452 4.5.3 Too many recipients` after this many per transaction.
  recipientLimit?: number;
  // Drop the connection right after this many RCPT commands in a session.
  dropAfterRcpt?: number;
  // The domain's address pattern as its mail admin would state it: ground truth for
  // `findable` at catch-all domains; a finder must learn it from `staff`, never read it.
  knownPattern?: string;
  people?: LabPerson[];
  // Colleagues nobody looks up: the addresses at the domain the product could have verified
  // elsewhere (exceptions included); the bench learns the domain's pattern from them.
  staff?: LabPerson[];
  // A label for reports ('pattern', 'catch-all', 'greylist', 'dead-nxdomain', ...).
  kind?: string;
}

export interface LabSpec {
  hosts: LabHost[];
  domains: LabDomain[];
  // Injected before every SMTP reply (the network's one-way trip, seen per round trip).
  latencyMs?: number;
  // 0 picks a free port; all hosts share it on their own addresses.
  smtpPort?: number;
  dnsTtlSeconds?: number;
}
