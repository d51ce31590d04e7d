import { type Verdict, type VerifyStatus, verifyReasons } from '@mailhound/contracts';
import { type FinderEvidence, type FindResult, noMxError } from '@mailhound/finder';

const catchAllScore = 50;

type Reply = { code: number; enhanced: string | null; text: string };

// The shape an address must have before any server is asked (the finder's own check is
// looser: it only wants a local part and a domain).
const addressPattern =
  /^[^\s@"(),:;<>[\\\]]{1,64}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

// RFC 3463 X.2.2 "mailbox full": 552, or 452 4.2.2 from servers that say it for now.
export function isFullInbox(reply: Reply): boolean {
  return (
    reply.code === 552 ||
    reply.enhanced === '4.2.2' ||
    reply.enhanced === '5.2.2' ||
    (reply.code >= 400 && /mailbox (is )?full|over quota|quota exceeded/i.test(reply.text))
  );
}

// RFC 3463 5.2.1 "mailbox disabled, not accepting messages", or the words for it.
export function isDisabledMailbox(reply: Reply): boolean {
  return (
    reply.code >= 500 &&
    (reply.enhanced === '5.2.1' || /disabled|deactivated|inactive|suspended/i.test(reply.text))
  );
}

// RFC 3463 5.7.x is the server's policy speaking (our client refused), not the mailbox.
export function isBlocked(reply: Reply): boolean {
  return reply.code >= 500 && reply.enhanced?.startsWith('5.7.') === true;
}

// A machine-made local part: a long run of letters without vowels, or letters and digits
// alternating. Conservative: names like 'mkrtchyan' or 'ann.lee2' stay human.
export function isGibberish(localPart: string): boolean {
  const words = localPart.toLowerCase().split(/[._+-]/);
  return words.some((word) => {
    if (/[bcdfghjklmnpqrstvwxz]{7,}/.test(word)) return true;
    const letters = word.replace(/[^a-z]/g, '');
    if (letters.length >= 8 && letters.replace(/[^aeiouy]/g, '').length / letters.length < 0.15)
      return true;
    const switches = word.match(/[a-z](?=\d)|\d(?=[a-z])/g)?.length ?? 0;
    return word.length >= 8 && switches >= 4;
  });
}

// The finder's delivery score (99 confirmed), 50 for any address of a catch-all domain (the
// finder's own score there, also when the cache spared the question), 0 when it cannot arrive.
function scoreOf(status: VerifyStatus, result: FindResult, acceptedByAll: boolean): number {
  if (status === 'invalid' || result.error) return 0;
  return acceptedByAll ? catchAllScore : result.exactEmailScore;
}

// The verdict on one address from what the finder found verifying it (finder.verify). The
// order is the user's: an address that cannot exist is invalid whatever else is true; a
// disposable one is disposable whatever the server says; then the mail server's answer, where
// a mailbox that is disabled, full or unknown is invalid, and webmail only names an address a
// free provider did not refuse.
export function verdictOf(email: string, result: FindResult): Verdict {
  const { evidence } = result;
  const candidate = evidence.candidates[0];
  const reply: Reply | null =
    candidate && candidate.code !== null
      ? { code: candidate.code, enhanced: candidate.enhanced, text: candidate.text ?? '' }
      : null;
  const rcpt = candidate?.status ?? 'untested';
  // A domain the catch-all cache knows accepts everything is not asked again: its addresses
  // stay untested, and are accepted all the same.
  const acceptedByAll = evidence.catchAll === true && (rcpt === 'accepted' || rcpt === 'untested');
  const checks = {
    regexp: addressPattern.test(email) && candidate !== undefined,
    gibberish: isGibberish(email.slice(0, email.lastIndexOf('@'))),
    disposable: evidence.flags.disposable,
    webmail: evidence.flags.freeProvider,
    mx_records: evidence.mxHosts.length > 0 && !evidence.implicitMx,
    smtp_server: evidence.mx !== null,
    smtp_check: rcpt === 'accepted' || acceptedByAll,
    accept_all: evidence.catchAll === true,
    block: reply !== null && isBlocked(reply),
    role: evidence.flags.role,
    full_inbox: reply !== null && isFullInbox(reply),
    disabled: reply !== null && isDisabledMailbox(reply),
    greylisted: rcpt === 'tempfail' && reply !== null && !isFullInbox(reply),
  };

  const decide = (): { status: VerifyStatus; reason: string } => {
    if (!checks.regexp) return { status: 'invalid', reason: verifyReasons.notAnAddress };
    if (checks.disposable) return { status: 'disposable', reason: verifyReasons.disposable };
    if (result.error === noMxError)
      return { status: 'invalid', reason: verifyReasons.noMailServer };
    if (result.error) return { status: 'unknown', reason: result.error };
    if (checks.disabled) return { status: 'invalid', reason: verifyReasons.disabled };
    if (checks.full_inbox) return { status: 'invalid', reason: verifyReasons.fullInbox };
    if (checks.block) return { status: 'unknown', reason: verifyReasons.blocked };
    if (rcpt === 'rejected') return { status: 'invalid', reason: verifyReasons.rejected };
    if (checks.webmail) return { status: 'webmail', reason: verifyReasons.webmail };
    if (acceptedByAll) return { status: 'accept_all', reason: verifyReasons.acceptAll };
    if (rcpt === 'accepted' && evidence.catchAll === false)
      return { status: 'valid', reason: verifyReasons.valid };
    if (rcpt === 'accepted') return { status: 'unknown', reason: verifyReasons.acceptAllUnknown };
    if (checks.greylisted) return { status: 'unknown', reason: verifyReasons.greylisted };
    return { status: 'unknown', reason: verifyReasons.noAnswer };
  };
  const { status, reason } = decide();
  return {
    email,
    status,
    score: scoreOf(status, result, acceptedByAll),
    reason,
    ...checks,
    smtp_reply: reply,
  };
}

// The verdict on the address a search found, from the reply its own candidate got (verdictOf
// reads the first candidate); null when the search found none.
export function verdictOfFound(result: FindResult): Verdict | null {
  const { exactEmail, evidence } = result;
  if (exactEmail === null || result.error) return null;
  const own = evidence.candidates.find((candidate) => candidate.email === exactEmail);
  if (!own) return null;
  const others = evidence.candidates.filter((candidate) => candidate !== own);
  return verdictOf(exactEmail, {
    ...result,
    evidence: { ...evidence, candidates: [own, ...others] },
  });
}

// What verdictOf reads of the evidence; rows stored before the finder recorded it have none.
function isFinderEvidence(evidence: Record<string, unknown>): boolean {
  return (
    Array.isArray(evidence.candidates) &&
    Array.isArray(evidence.mxHosts) &&
    typeof evidence.flags === 'object' &&
    evidence.flags !== null
  );
}

// The verdict on a stored search's address, from the evidence stored with it; null when it
// found none or its evidence is too old to judge by.
export function verdictOfStored(
  result: { exactEmail: string | null; exactEmailScore: number | null } | null,
  evidence: Record<string, unknown> | null,
): Verdict | null {
  if (result === null || evidence === null || !isFinderEvidence(evidence)) return null;
  return verdictOfFound({
    exactEmail: result.exactEmail,
    exactEmailScore: result.exactEmailScore ?? 0,
    evidence: evidence as unknown as FinderEvidence,
  });
}
